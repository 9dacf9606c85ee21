// Gazeboard service worker: keeps the dashboard shell available offline. Network first, so a
// deploy is picked up at once; the cache is only a fallback. API calls, media, the SDK and
// /meta.json are never cached (data must be live and the version check must see the server).
const CACHE = 'gazeboard-shell-v1';
const NEVER = /^\/(v1\.0|files|visuals|sdk)(\/|$)|^\/meta\.json$/;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(['/'])).catch(() => undefined));
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin || NEVER.test(url.pathname)) return;
  const isPage = req.mode === 'navigate';
  if (!isPage && !url.pathname.startsWith('/assets/')) return;
  event.respondWith(
    fetch(req)
      .then((res) => {
        if (res.ok) {
          const copy = res.clone();
          // Every client route answers the same index.html; keep it under '/'.
          caches.open(CACHE).then((c) => c.put(isPage ? '/' : req, copy)).catch(() => undefined);
        }
        return res;
      })
      .catch(() => caches.match(isPage ? '/' : req).then((hit) => hit || Response.error())),
  );
});
