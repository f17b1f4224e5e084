/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Control-plane address; the console's own origin when unset. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
