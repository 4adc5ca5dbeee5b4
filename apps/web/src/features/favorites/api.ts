import type { FavoriteToggleResponseSchema, FavoritesResponseSchema } from '@kept/contract';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api';

/** GET /api/me/favorites: the ids of the projects the signed-in user has starred. */
export type FavoritesResponse = z.infer<typeof FavoritesResponseSchema>;
/** PUT/DELETE /api/projects/:id/favorite: the project's favorite state after the change. */
export type FavoriteToggleResponse = z.infer<typeof FavoriteToggleResponseSchema>;

export function fetchFavoriteIds(signal?: AbortSignal): Promise<FavoritesResponse> {
  return apiRequest<FavoritesResponse>('/api/me/favorites', signal ? { signal } : {});
}

/** Stars (`favorite` true) or un-stars a project for the signed-in user. */
export function setFavorite(projectId: string, favorite: boolean): Promise<FavoriteToggleResponse> {
  return apiRequest<FavoriteToggleResponse>(`/api/projects/${encodeURIComponent(projectId)}/favorite`, {
    method: favorite ? 'PUT' : 'DELETE',
  });
}
