/** design.md: the map is the hero on /login, /home and /; it recedes everywhere else. */
export type WorldMapVariant = 'hero' | 'receded';

const heroPaths = new Set(['/', '/home', '/login']);

export function worldMapVariantForPath(pathname: string): WorldMapVariant {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return heroPaths.has(normalised) ? 'hero' : 'receded';
}
