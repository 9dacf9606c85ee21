import { afterEach, describe, expect, it } from 'vitest';
import { apiBase, productUrl } from './config';

describe('host configuration', () => {
  afterEach(() => {
    delete window.GAZEBOARD_CONFIG;
  });

  it('D1-016 /product/{name} targets the configured external site', () => {
    expect(productUrl('eye tracking')).toBe('https://gazeboard.example/eye%20tracking');
    window.GAZEBOARD_CONFIG = { productSite: 'https://provider.example/products/' };
    expect(productUrl('heatmaps')).toBe('https://provider.example/products/heatmaps');
  });

  it('D1-010 the API base is configured, not hard-coded (default: the SDK client’s same-origin /v1.0)', () => {
    expect(apiBase()).toBeUndefined();
    window.GAZEBOARD_CONFIG = { apiBase: 'https://api.example/v1.0' };
    expect(apiBase()).toBe('https://api.example/v1.0');
  });
});
