// How the framed AOI editor (/stimuli/…/feature-editor, issue 39) learns whose it is. The legacy
// front end runs on another origin with its own header token; our page cannot read that origin's
// storage, so the framing page hands its token over, in one of two ways (docs/api.md "Legacy
// front end"): `#token=…` in the address's fragment (never sent to any server, never logged; read
// once, then removed from the address bar and kept for this tab only), or a postMessage
// `{type: 'gazeboard:token', token}` from the parent in answer to our `gazeboard:token-request`.
// The server's frame-ancestors (server/plugins/security.ts, kind 'editor') already limits the
// parent to this origin and ALLOWED_ORIGINS, so a message from window.parent is from one of those.

/** sessionStorage key: a reload of the frame keeps its token; another tab does not see it. */
export const FRAME_TOKEN_KEY = 'gazeboard.frameToken';
export const TOKEN_REQUEST = 'gazeboard:token-request';
export const TOKEN_MESSAGE = 'gazeboard:token';

/** A token as the API issues them: printable, no spaces, bounded (anything else is ignored). */
const TOKEN_SHAPE = /^[\w.~+/=-]{8,512}$/;

/** The `token` of a fragment such as "#token=abc" or "#stimulus=1&token=abc"; null when absent or malformed. */
export function tokenFromFragment(hash: string): string | null {
  const t = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return t && TOKEN_SHAPE.test(t) ? t : null;
}

/** The fragment with its token removed ('' when nothing else was in it). */
export function fragmentWithoutToken(hash: string): string {
  const q = new URLSearchParams(hash.replace(/^#/, ''));
  q.delete('token');
  const rest = q.toString();
  return rest ? `#${rest}` : '';
}

/** The token a parent's message carries, if it is one of ours. */
export function tokenFromMessage(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const m = data as { type?: unknown; token?: unknown };
  return m.type === TOKEN_MESSAGE && typeof m.token === 'string' && TOKEN_SHAPE.test(m.token) ? m.token : null;
}

/** The editor's stim and kind from the legacy address (?stimulus_id=…); null when the id is not one. */
export function editorTarget(pathname: string, search: string): { stimId: string; type: 'stim' | 'batch' } | null {
  const id = new URLSearchParams(search).get('stimulus_id') ?? '';
  if (!/^[1-9][0-9]{0,9}$/.test(id)) return null;
  return { stimId: id, type: /tpstimul/.test(pathname) ? 'batch' : 'stim' };
}
