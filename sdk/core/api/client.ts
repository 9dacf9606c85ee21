// The ONE transport every API area uses, and nothing else: it holds no base URL, token or
// company. Every call names its ApiConfig (the calling element's, see core/config), so two widgets
// with different servers, tokens or companies on one page never borrow each other's settings.
// Built on the platform's fetch (and XMLHttpRequest for upload progress), not axios: axios was
// 18.6 KB gzip of the 120 KB runtime every embedding page loads (issue 20 item 7, docs/decisions.md).

/** Where and as whom one call goes. Built per element by core/config (attributes → provider → defaults → session). */
export interface ApiConfig {
  /** Base URL of the /v1.0 API, without a trailing slash. */
  apiBase: string;
  /** Sent as `Authorization: Token …`; null sends none. */
  token: string | null;
  /** Acting company of a super user, sent as `X-Company-Id`; null sends none. */
  companyId: string | null;
  /**
   * Aborts the call (keyed resources pass one per fetch: the last element reading the key went
   * away, or its key changed). Never part of a key or of the store: apiOf drops it.
   */
  signal?: AbortSignal;
}

export function defaultApiBase(): string {
  const origin = typeof window !== 'undefined' && window.location ? window.location.origin : '';
  return `${origin}/v1.0`;
}

/** '' / null → the default (same origin + /v1.0); trailing slashes dropped (D1-010). */
export function normaliseApiBase(base: string | null | undefined): string {
  return base ? base.replace(/\/+$/, '') : defaultApiBase();
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

/** One HTTP exchange as the transport sees it: an absolute (or page-relative) URL, final headers, encoded body. */
export interface HttpRequest {
  method: Method;
  url: string;
  headers: Record<string, string>;
  body?: string | Blob;
  /** Upload progress as a 0…1 fraction (signed file uploads). */
  onUploadProgress?: (fraction: number) => void;
  /** Aborted: the transport stops the exchange and rejects. */
  signal?: AbortSignal;
}
export interface HttpResponse {
  status: number;
  /** The body, parsed as JSON when it is JSON, else its text ('' when empty). */
  data: unknown;
}
/** Moves bytes; rejects only when no answer came (network). Any status is an answer. */
export type Transport = (req: HttpRequest) => Promise<HttpResponse>;

/** A call that failed: with the answer's status and body, or status null when no answer came. */
export class ApiError extends Error {
  constructor(message: string, readonly status: number | null, readonly data: unknown, readonly sentToken: boolean) {
    super(message);
    this.name = 'ApiError';
  }
}

/** JSON when the text is JSON, else the text itself ('' for none). */
export const parseBody = (text: string): unknown => {
  if (!text) return '';
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** XMLHttpRequest, for the one thing fetch cannot do: report upload progress. */
function xhrTransport(req: HttpRequest): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(req.method, req.url);
    for (const [k, v] of Object.entries(req.headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => req.onUploadProgress?.(e.lengthComputable && e.total ? e.loaded / e.total : 0);
    xhr.onload = () => resolve({ status: xhr.status, data: parseBody(xhr.responseText) });
    xhr.onerror = () => reject(new Error('Network Error'));
    xhr.send(req.body ?? null);
  });
}

const fetchTransport: Transport = async (req) => {
  if (req.onUploadProgress) return xhrTransport(req);
  const res = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body, signal: req.signal });
  return { status: res.status, data: parseBody(await res.text()) };
};

let transport: Transport = fetchTransport;

/**
 * Tests swap the transport; call with no argument to restore the real one.
 * The transport is how bytes move, not whom they are for, so one per page is right.
 */
export function setTransport(next?: Transport): void {
  transport = next ?? fetchTransport;
}

async function exchange(req: HttpRequest, sentToken: boolean): Promise<unknown> {
  let res: HttpResponse;
  try {
    res = await transport(req);
  } catch (e) {
    throw new ApiError(e instanceof Error ? e.message : 'Network Error', null, undefined, sentToken);
  }
  if (res.status >= 200 && res.status < 300) return res.data;
  throw new ApiError(`Request failed with status code ${res.status}`, res.status, res.data, sentToken);
}

export interface ApiRequest {
  method?: Method;
  /** Path below the API base, e.g. '/studies/overview'. */
  url: string;
  data?: unknown;
  /** false: send no Authorization / X-Company-Id (the sign-in call). */
  auth?: boolean;
  /** Accept header instead of plain application/json (a negotiated answer form, e.g. lookup lists). */
  accept?: string;
}

/** One call with one element's config; resolves to the response body. */
export async function request<T>(config: ApiConfig, req: ApiRequest): Promise<T> {
  const headers: Record<string, string> = { Accept: req.accept ?? 'application/json' };
  if (req.data !== undefined) headers['Content-Type'] = 'application/json';
  const sentToken = req.auth !== false && Boolean(config.token);
  if (req.auth !== false) {
    if (config.token) headers.Authorization = `Token ${config.token}`;
    if (config.companyId) headers['X-Company-Id'] = config.companyId;
  }
  const url = /^https?:\/\//.test(req.url) ? req.url : `${normaliseApiBase(config.apiBase)}${req.url.startsWith('/') ? '' : '/'}${req.url}`;
  const body = req.data === undefined ? undefined : JSON.stringify(req.data);
  try {
    return (await exchange({ method: req.method ?? 'GET', url, headers, body, ...(config.signal ? { signal: config.signal } : {}) }, sentToken)) as T;
  } catch (e) {
    if (e instanceof ApiError && e.status === null && !config.signal?.aborted && isCrossOrigin(url)) throw (await refusedOrigin(config.apiBase, sentToken)) ?? e;
    throw e;
  }
}

function isCrossOrigin(url: string): boolean {
  try {
    return typeof location !== 'undefined' && new URL(url, location.href).origin !== location.origin;
  } catch {
    return false;
  }
}

/**
 * A cross-origin call that got no answer: a page outside the allowed origins looks exactly like
 * being offline (the browser hides the refused answer). One simple GET (no preflight, answered to
 * every origin) tells them apart, so the element and its gaze-error say 403 and why, not 'Request
 * failed' with status null. Null when it is not that (offline, or the origin is allowed).
 */
async function refusedOrigin(apiBase: string, sentToken: boolean): Promise<ApiError | null> {
  try {
    const res = await transport({ method: 'GET', url: `${normaliseApiBase(apiBase)}/origin-check`, headers: { Accept: 'application/json' } });
    const data = res.data as { allowed?: unknown; message?: unknown } | undefined;
    if (res.status !== 200 || !data || data.allowed !== false || typeof data.message !== 'string') return null;
    return new ApiError(data.message, 403, { success: false, message: data.message }, sentToken);
  } catch {
    return null;
  }
}

/**
 * PUT of raw bytes to a signed upload URL (absolute, outside /v1.0): no Authorization header (the
 * URL carries its own signature), the file's type as Content-Type, progress as a 0…1 fraction.
 */
export async function putSignedFile(url: string, body: Blob, contentType: string, onProgress?: (fraction: number) => void): Promise<void> {
  await exchange({
    method: 'PUT', url, body, headers: { Accept: 'application/json', 'Content-Type': contentType || 'application/octet-stream' },
    onUploadProgress: (f) => onProgress?.(f),
  }, false);
}

/** A 401 on a call that carried a token: that token is dead (a failed login sends none). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.sentToken;
}

/** The server's `message` from an error envelope, or a fallback. */
export function errorMessage(error: unknown, fallback = 'Request failed'): string {
  if (error instanceof ApiError) {
    const data = error.data as { message?: unknown } | undefined;
    if (data && typeof data.message === 'string') return data.message;
  }
  return fallback;
}

/**
 * A refusal's own words (a 403: an embed token used off its pages or outside its scope), else the
 * fallback: a report's generic 'Somethign went wrong' hides why an embedded widget shows nothing.
 */
export function refusalOr(fallback: string): (error: unknown) => string {
  return (error) => (errorStatus(error) === 403 ? errorMessage(error, fallback) : fallback);
}

/** The HTTP status of a failed call, or null when no answer came (network). */
export function errorStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

/** The field errors of a 400 envelope (`errors: {field: message}`), empty when there are none. */
export function errorFields(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const errors = (error.data as { errors?: unknown } | undefined)?.errors;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(Object.entries(errors as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));
}
