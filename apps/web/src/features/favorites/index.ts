// The favorites feature's public face: the star button and the signed-in user's favorites.
export { FavoriteButton, type FavoriteButtonProps } from './favorite-button';
export { FAVORITE_DEPENDENT_QUERY_ROOT, useFavoriteIds, useToggleFavorite } from './use-favorites';
