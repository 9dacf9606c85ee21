// Previews of third-party markup, served ONLY by the files origin (server/files-origin.ts), never
// by the dashboard's: a script stim's markup as a page, a VAST stim as a 400 px player. The page
// is for a sandboxed iframe (sandbox="allow-scripts", no allow-same-origin); its own CSP
// (security.ts, kind 'preview') sandboxes it as well, so opened directly it still has no origin,
// no cookies, no storage of ours and cannot frame-bust into the dashboard.
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { findStimAnyCompany } from '../../repositories/stims.js';
import { vastMediaUrl } from '../../services/stims.js';
import { forbidden, notFound } from '../../errors.js';
import { previewOperations as contract } from '../../../contract/stims.js';
import { route, toId } from '../common.js';

/** The VAST preview player's height (spec document 2 §2.5). */
export const VAST_PLAYER_HEIGHT = 400;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** JSON inside a <script>: no '<' can close the element. */
const scriptJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/\u2028|\u2029/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

const page = (body: string) => `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><style>html,body{margin:0;padding:0;background:#fff;font:14px system-ui,sans-serif}
video{display:block;width:100%;height:${VAST_PLAYER_HEIGHT}px;background:#000}.note{padding:12px;color:#444}</style></head><body>${body}</body></html>`;

function vastPlayer(media: string | null, vastUrl: string | null): string {
  if (media) return `<video controls playsinline preload="metadata" src="${escapeHtml(media)}"></video>`;
  if (!vastUrl) return '<p class="note">This VAST names no playable media file.</p>';
  // A VAST URL is fetched by the browser, inside the sandbox, with the maintained VAST client:
  // the server never fetches third-party URLs.
  return `<video controls playsinline preload="metadata"></video><p class="note" id="note" hidden></p>
<script type="module">
import { VASTClient } from '/preview/assets/vast-client.js';
const video = document.querySelector('video'), note = document.getElementById('note');
const fail = (m) => { note.textContent = m; note.hidden = false; };
new VASTClient().get(${scriptJson(vastUrl)}).then((res) => {
  for (const ad of res.ads) for (const c of ad.creatives) for (const f of (c.mediaFiles || [])) {
    if (f.fileURL && /^video\\/(mp4|webm|ogg)$/i.test(f.mimeType || '')) { video.src = f.fileURL; return; }
  }
  fail('This VAST names no playable media file.');
}).catch(() => fail('The VAST URL could not be loaded.'));
</script>`;
}

/**
 * The uploader's live preview: the parent posts {kind, content} and the page shows it, as the
 * saved stim's preview would. Only the framing parent is listened to.
 */
const DRAFT_PAGE = page(`<div id="out"></div><script type="module">
import { VASTClient, VASTParser } from '/preview/assets/vast-client.js';
const out = document.getElementById('out');
const note = (m) => { out.innerHTML = ''; const p = document.createElement('p'); p.className = 'note'; p.textContent = m; out.append(p); };
const play = (res) => {
  for (const ad of res.ads) for (const c of ad.creatives) for (const f of (c.mediaFiles || [])) {
    if (f.fileURL && /^video\\/(mp4|webm|ogg)$/i.test(f.mimeType || '')) {
      out.innerHTML = ''; const v = document.createElement('video'); v.controls = true; v.playsInline = true; v.src = f.fileURL.trim(); out.append(v); return;
    }
  }
  note('This VAST names no playable media file.');
};
addEventListener('message', (e) => {
  if (e.source !== parent || !e.data || typeof e.data.content !== 'string') return;
  const { kind, content } = e.data;
  if (kind === 'script') { document.open(); document.write(content); document.close(); return; }
  const t = content.trim();
  if (/^(<\\?xml[^>]*>\\s*)?<VAST[\\s>]/i.test(t) && /<\\/VAST>$/i.test(t)) {
    new VASTParser().parseVAST(new DOMParser().parseFromString(t, 'text/xml')).then(play).catch(() => note('This VAST cannot be read.'));
  } else {
    new VASTClient().get(t).then(play).catch(() => note('The VAST URL could not be loaded.'));
  }
});
parent.postMessage({ gazePreviewReady: true }, '*');
</script>`);

export async function previewRoutes(app: FastifyInstance) {
  const require = createRequire(import.meta.url);
  let vastClient: Promise<Buffer> | null = null;

  route(app, contract.preview, async (request, reply) => {
    const id = toId(request.params.id);
    if (!app.signer.verify(`/preview/stims/${id}`, request.query.expires, request.query.sig)) throw forbidden('Invalid or expired signature');
    const s = await findStimAnyCompany(app.db, id);
    if (!s || !['s', 'va', 'vx'].includes(s.stimType)) throw notFound('Stim not found');
    const body = s.stimType === 's'
      ? s.tag ?? ''
      : vastPlayer(s.stimType === 'vx' ? await vastMediaUrl(s.tag ?? '') : null, s.stimType === 'va' ? (s.tag ?? s.source) : null);
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page(body));
  });

  route(app, contract.draftPage, async (request, reply) => {
    if (!app.signer.verify('/preview/draft', request.query.expires, request.query.sig)) throw forbidden('Invalid or expired signature');
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(DRAFT_PAGE);
  });

  route(app, contract.previewAsset, async (_request, reply) => {
    vastClient ??= readFile(require.resolve('@dailymotion/vast-client/dist/vast-client.min.js'));
    // Module scripts of a sandboxed (origin null) page are CORS requests.
    return reply.header('access-control-allow-origin', '*').header('cache-control', 'public, max-age=86400')
      .type('text/javascript; charset=utf-8').send(await vastClient);
  });
}
