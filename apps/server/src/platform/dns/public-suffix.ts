import { getDomain } from 'tldts';

// The private section too (github.io): names under it belong to different owners as well.
const withPrivateSuffixes = { allowPrivateDomains: true } as const;

/**
 * The name one owner registers that `name` lies in, by the Public Suffix List: example.co.uk for
 * www.example.co.uk. None for a public suffix (co.uk, github.io) or a top-level domain.
 */
export function registrableDomain(name: string): string | undefined {
  return getDomain(name, withPrivateSuffixes) ?? undefined;
}

/** Whether names under `name` belong to many owners: a public suffix or a top-level domain. */
export function isPublicSuffix(name: string): boolean {
  return registrableDomain(name) === undefined;
}

/**
 * Whether the holder of `zone` speaks for `name`: the name lies in the zone, and the zone lies
 * within the name's registrable domain (so neither is, nor sits above, a public suffix).
 */
export function zoneCovers(zone: string, name: string): boolean {
  const registrable = registrableDomain(name);
  const within = (inner: string, outer: string) => inner === outer || inner.endsWith(`.${outer}`);
  return registrable !== undefined && within(name, zone) && within(zone, registrable);
}
