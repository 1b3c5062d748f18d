/*
 * Links into screens that more than one feature (or the shell) points at. A feature's own links
 * stay in the feature; these are the store's addresses every part of it shares.
 */

/** `/categories/makeup/face`, from a category path with or without slashes around it. */
export function categoryHref(path: string): string {
  return `/categories/${path.replace(/^\/+|\/+$/g, '')}`;
}
