import { lazy } from 'react';
import type { ComponentType } from 'react';

/** React.lazy for a named export: `lazyPage(() => import('…').then((m) => m.Page))`. */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}
