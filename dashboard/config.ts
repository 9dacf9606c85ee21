// Host-page settings. The API base defaults to this origin + /v1.0 (the SDK client's default);
// both values can be overridden per deployment without a rebuild through a global set before the
// bundle loads: <script>window.GAZEBOARD_CONFIG = { apiBase: '…', productSite: '…' }</script>.

interface HostConfig {
  /** Base URL of the /v1.0 API (D1-010). Empty = same origin. */
  apiBase?: string;
  /** The provider's external site; /product/{name} redirects to `${productSite}/{name}` (D1-016). */
  productSite?: string;
}

declare global {
  interface Window {
    GAZEBOARD_CONFIG?: HostConfig;
  }
}

const fromWindow = (): HostConfig => (typeof window !== 'undefined' && window.GAZEBOARD_CONFIG) || {};

/** Build-time default: PRODUCT_SITE_URL when building, otherwise the project's home page. */
const DEFAULT_PRODUCT_SITE = typeof __PRODUCT_SITE__ !== 'undefined' && __PRODUCT_SITE__ ? __PRODUCT_SITE__ : 'https://gazeboard.example';

export function apiBase(): string | undefined {
  return fromWindow().apiBase || undefined;
}

export function productUrl(name: string): string {
  const site = (fromWindow().productSite || DEFAULT_PRODUCT_SITE).replace(/\/+$/, '');
  return `${site}/${encodeURIComponent(name)}`;
}
