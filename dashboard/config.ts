// Host-page settings. The API base defaults to this origin + /v1.0 (the SDK client's default).
// The product redirect (D1-016: /{product} → the provider's site) is configured on the server
// (PRODUCT_SITE_URL, PRODUCT_NAMES → GET /meta.json), so a deployment changes it without a rebuild.
// Every value can also be set in the page before the bundle loads, which wins:
// <script>window.GAZEBOARD_CONFIG = { apiBase: '…', productSite: '…', products: ['attention'] }</script>.

interface HostConfig {
  /** Base URL of the /v1.0 API (D1-010). Empty = same origin. */
  apiBase?: string;
  /** The provider's external site; /{product} redirects to `${productSite}/{product}` (D1-016). */
  productSite?: string;
  /** The product names that redirect; any other single-segment address is a 404. */
  products?: string[];
}

declare global {
  interface Window {
    GAZEBOARD_CONFIG?: HostConfig;
  }
}

const fromWindow = (): HostConfig => (typeof window !== 'undefined' && window.GAZEBOARD_CONFIG) || {};

/** Build-time default of the site: PRODUCT_SITE_URL when building, otherwise the project's home page. */
const BUILD_PRODUCT_SITE = typeof __PRODUCT_SITE__ !== 'undefined' && __PRODUCT_SITE__ ? __PRODUCT_SITE__ : 'https://gazeboard.example';

export function apiBase(): string | undefined {
  return fromWindow().apiBase || undefined;
}

/** What /meta.json says about products (see contract/meta.ts). */
export interface ProductMeta {
  product_site?: unknown;
  products?: unknown;
}

export interface ProductConfig {
  site: string;
  products: string[];
}

/** The page's settings over the server's (/meta.json) over the build's; no list anywhere = no product paths. */
export function productConfig(meta: ProductMeta | null): ProductConfig {
  const own = fromWindow();
  const serverSite = typeof meta?.product_site === 'string' && meta.product_site ? meta.product_site : undefined;
  const serverList = Array.isArray(meta?.products) ? meta.products.filter((p): p is string => typeof p === 'string') : undefined;
  return {
    site: (own.productSite || serverSite || BUILD_PRODUCT_SITE).replace(/\/+$/, ''),
    products: (own.products ?? serverList ?? []).map((p) => p.toLowerCase()),
  };
}

/** The provider's page of a product, or null when `name` is not a configured product. */
export function productTarget(name: string, config: ProductConfig): string | null {
  const key = name.toLowerCase();
  return config.products.includes(key) ? `${config.site}/${encodeURIComponent(key)}` : null;
}
