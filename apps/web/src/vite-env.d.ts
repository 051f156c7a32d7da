/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API lives; the app and the API share an origin by default. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
