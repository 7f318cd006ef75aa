/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

interface ImportMetaEnv {
  readonly VITE_OAUTH_CLIENT_SECRET?: string;
}

interface Window {
  /** Test hook to show the reload prompt, present only when localStorage `pwa-test` is '1'. */
  __pwaTest?: { offlineReady: () => void; needRefresh: () => void };
}
