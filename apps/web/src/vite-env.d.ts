/// <reference types="vite/client" />

/** react-i18next itself, for the server's render's own (`src/i18n/server-react-i18next.ts`; the SSR build's alias in vite.config.ts). */
declare module 'react-i18next-original' {
  export * from 'react-i18next';
}
