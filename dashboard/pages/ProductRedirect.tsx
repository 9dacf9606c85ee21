// /product/{name} → the provider's external site (D1-016); see dashboard/config.ts.
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { productUrl } from '../config';

export function ProductRedirect() {
  const { name = '' } = useParams();
  const url = productUrl(name);
  useEffect(() => {
    window.location.replace(url);
  }, [url]);
  return (
    <main className="gz-public">
      <p>
        Taking you to <a href={url}>{url}</a>…
      </p>
    </main>
  );
}
