/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Control-plane address; the console's own origin when unset. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The world's shapes, projected at build time (world-shapes-plugin.ts). */
declare module 'virtual:world-shapes' {
  // An ambient module cannot import by relative path; an import() type is the one way in.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  type WorldShapes = import('./shared/components/world-map/world-geometry').WorldShapes;
  export function loadWorldShapes(): Promise<WorldShapes>;
}
