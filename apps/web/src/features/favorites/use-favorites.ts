import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../session';
import { BROWSE_ROOT } from '../../lib/query-keys';
import { fetchFavoriteIds, setFavorite, type FavoritesResponse } from './api';

/** Cache key of a user's starred project ids. */
export const favoritesQueryKey = (userId: string) => ['favorites', userId] as const;

function toIdSet(data: FavoritesResponse): ReadonlySet<string> {
  return new Set(data.projectIds);
}

async function loadFavoriteIds(signal: AbortSignal): Promise<FavoritesResponse> {
  try {
    return await fetchFavoriteIds(signal);
  } catch (error) {
    // Spec §8: favorites fetch failures are only logged; stars then fall back to what the cards say.
    if (!(error instanceof DOMException && error.name === 'AbortError')) {
      console.error('Failed to load favorites', error);
    }
    throw error;
  }
}

/** The signed-in user's starred project ids; undefined for anonymous visitors and until loaded. */
export function useFavoriteIds(): ReadonlySet<string> | undefined {
  const { user } = useSession();
  const query = useQuery({
    queryKey: favoritesQueryKey(user?.id ?? ''),
    queryFn: ({ signal }) => loadFavoriteIds(signal),
    enabled: user !== null,
    select: toIdSet,
    staleTime: 60_000,
    retry: false,
  });
  return user ? query.data : undefined;
}

export interface FavoriteToggle {
  /** Stars (`favorite` true) or un-stars the project on the server. */
  toggle: (projectId: string, favorite: boolean) => void;
  isPending: boolean;
}

/**
 * Toggles a favorite on the server (spec §4: add if absent, remove if present). Nothing changes locally
 * until the server has said yes; then the ids are updated and favorite-dependent lists refetched.
 */
export function useToggleFavorite(): FavoriteToggle {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const mutation = useMutation({
    mutationFn: ({ projectId, favorite }: { projectId: string; favorite: boolean }) =>
      setFavorite(projectId, favorite),
    onSuccess: async ({ projectId, favorite }) => {
      if (!user) return;
      const key = favoritesQueryKey(user.id);
      if (queryClient.getQueryData<FavoritesResponse>(key)) {
        queryClient.setQueryData<FavoritesResponse>(key, (old) => {
          const others = (old?.projectIds ?? []).filter((id) => id !== projectId);
          return { projectIds: favorite ? [...others, projectId] : others };
        });
      } else {
        await queryClient.invalidateQueries({ queryKey: key });
      }
      // The browse lists show favorites (the home page's Favorites section, /category/favorites).
      await queryClient.invalidateQueries({ queryKey: BROWSE_ROOT });
    },
    onError: (error) => {
      console.error('Failed to update favorite', error);
    },
  });
  return {
    toggle: (projectId, favorite) => mutation.mutate({ projectId, favorite }),
    isPending: mutation.isPending,
  };
}
