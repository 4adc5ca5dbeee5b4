import type { FavoriteToggleResponseSchema, FavoritesResponseSchema } from '@kept/contract';
import type { z } from 'zod';
import { api, call } from '../../lib/api';

/** GET /api/me/favorites: the ids of the projects the signed-in user has starred. */
export type FavoritesResponse = z.infer<typeof FavoritesResponseSchema>;
/** PUT/DELETE /api/projects/:id/favorite: the project's favorite state after the change. */
export type FavoriteToggleResponse = z.infer<typeof FavoriteToggleResponseSchema>;

export function fetchFavoriteIds(signal?: AbortSignal): Promise<FavoritesResponse> {
  return call(api.GET('/api/me/favorites', { signal }));
}

/** Stars (`favorite` true) or un-stars a project for the signed-in user. */
export function setFavorite(projectId: string, favorite: boolean): Promise<FavoriteToggleResponse> {
  const path = { params: { path: { projectId } } };
  return call(
    favorite
      ? api.PUT('/api/projects/{projectId}/favorite', path)
      : api.DELETE('/api/projects/{projectId}/favorite', path),
  );
}
