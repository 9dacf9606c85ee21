// Constants Vite replaces at build time (vite.app.config.ts `define`). Unit tests run without
// them, so code reads them through typeof guards.
declare const __APP_VERSION__: string;
declare const __PRODUCT_SITE__: string;
