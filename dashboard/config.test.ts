import { afterEach, describe, expect, it } from 'vitest';
import { apiBase, productConfig, productTarget } from './config';

describe('host configuration', () => {
  afterEach(() => {
    delete window.GAZEBOARD_CONFIG;
  });

  it('D1-016 /{product} targets the configured site for the configured names only (server list from /meta.json)', () => {
    const config = productConfig({ product_site: 'https://provider.example/products/', products: ['attention', 'focus'] });
    expect(productTarget('attention', config)).toBe('https://provider.example/products/attention');
    expect(productTarget('Focus', config)).toBe('https://provider.example/products/focus');
    expect(productTarget('my_studies', config)).toBeNull();
    expect(productTarget('nothing', config)).toBeNull();
  });

  it('D1-016 the page setting wins over the server; without any list nothing redirects', () => {
    expect(productConfig(null)).toEqual({ site: 'https://gazeboard.example', products: [] });
    window.GAZEBOARD_CONFIG = { productSite: 'https://own.example', products: ['heatmaps'] };
    const config = productConfig({ product_site: 'https://provider.example', products: ['attention'] });
    expect(productTarget('heatmaps', config)).toBe('https://own.example/heatmaps');
    expect(productTarget('attention', config)).toBeNull();
  });

  it('D1-010 the API base is configured, not hard-coded (default: the SDK client’s same-origin /v1.0)', () => {
    expect(apiBase()).toBeUndefined();
    window.GAZEBOARD_CONFIG = { apiBase: 'https://api.example/v1.0' };
    expect(apiBase()).toBe('https://api.example/v1.0');
  });
});
