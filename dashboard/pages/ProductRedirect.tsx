// /{product} → the provider's page of that product (D1-016), for the configured product names only
// (dashboard/config.ts: the page's GAZEBOARD_CONFIG, else /meta.json); any other single-segment
// address is the 404 it always was (D1-017).
import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { productConfig, productTarget, type ProductConfig } from '../config';
import { loadMeta } from '../version/browser';

function useProductConfig(): ProductConfig | null {
  const [config, setConfig] = useState<ProductConfig | null>(null);
  useEffect(() => {
    let live = true;
    void loadMeta().then((meta) => live && setConfig(productConfig(meta)));
    return () => {
      live = false;
    };
  }, []);
  return config;
}

export function ProductRedirect({ param = 'product', notFound }: { param?: string; notFound: ReactNode }) {
  const name = useParams()[param] ?? '';
  const config = useProductConfig();
  const url = config ? productTarget(name, config) : null;
  useEffect(() => {
    if (url) window.location.replace(url);
  }, [url]);
  // Until the list is known, nothing: neither a flash of 404 before a redirect nor the reverse.
  if (!config) return null;
  if (!url) return <>{notFound}</>;
  return (
    <main className="gz-public">
      <p>
        Taking you to <a href={url}>{url}</a>…
      </p>
    </main>
  );
}
