// The favorites feature's public face: the star button and the signed-in user's favorites.
export { FavoriteButton, type FavoriteButtonProps } from './favorite-button';
export { useFavoriteIds, useToggleFavorite } from './use-favorites';
