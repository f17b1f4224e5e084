/** Left menu keys of spec "Screens and routes"; each links to /{key}. */
export const menuKeys = ['home', 'clusters', 'domain'] as const;
export type MenuKey = (typeof menuKeys)[number];

/** Path segments that show a menu item's screen under another name. */
const aliases: Record<string, MenuKey> = {
  domains: 'domain',
  datacenters: 'clusters',
};

/**
 * The selected item is the one whose key appears in the path; the root selects home.
 * Paths of no menu item (billing, support…) select nothing.
 */
export function selectedMenuKey(pathname: string): MenuKey | undefined {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 0) return 'home';
  const first = segments[0] ?? '';
  return menuKeys.find((key) => key === first) ?? aliases[first];
}
