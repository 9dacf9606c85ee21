// The ONE axios instance every API area uses, and nothing else: it holds no base URL, token or
// company. Every call names its ApiConfig (the calling element's, see core/config), so two widgets
// with different servers, tokens or companies on one page never borrow each other's settings.
import axios, { AxiosError, type AxiosAdapter, type Method } from 'axios';

/** Where and as whom one call goes. Built per element by core/config (attributes → provider → defaults → session). */
export interface ApiConfig {
  /** Base URL of the /v1.0 API, without a trailing slash. */
  apiBase: string;
  /** Sent as `Authorization: Token …`; null sends none. */
  token: string | null;
  /** Acting company of a super user, sent as `X-Company-Id`; null sends none. */
  companyId: string | null;
}

export function defaultApiBase(): string {
  const origin = typeof window !== 'undefined' && window.location ? window.location.origin : '';
  return `${origin}/v1.0`;
}

/** '' / null → the default (same origin + /v1.0); trailing slashes dropped (D1-010). */
export function normaliseApiBase(base: string | null | undefined): string {
  return base ? base.replace(/\/+$/, '') : defaultApiBase();
}

const http = axios.create({ headers: { Accept: 'application/json' } });
const defaultAdapter = http.defaults.adapter;

/**
 * Tests swap the transport (an axios adapter); call with no argument to restore the real one.
 * The transport is how bytes move, not whom they are for, so one per page is right.
 */
export function setTransport(adapter?: AxiosAdapter): void {
  http.defaults.adapter = adapter ?? defaultAdapter;
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
  const headers: Record<string, string> = {};
  if (req.accept) headers.Accept = req.accept;
  if (req.auth !== false) {
    if (config.token) headers.Authorization = `Token ${config.token}`;
    if (config.companyId) headers['X-Company-Id'] = config.companyId;
  }
  const res = await http.request<T>({
    baseURL: normaliseApiBase(config.apiBase),
    url: req.url,
    method: req.method ?? 'GET',
    data: req.data,
    headers,
  });
  return res.data;
}

/**
 * PUT of raw bytes to a signed upload URL (absolute, outside /v1.0): no Authorization header (the
 * URL carries its own signature), the file's type as Content-Type, progress as a 0…1 fraction.
 */
export async function putSignedFile(url: string, body: Blob, contentType: string, onProgress?: (fraction: number) => void): Promise<void> {
  await http.request({
    url, method: 'PUT', data: body, headers: { 'Content-Type': contentType || 'application/octet-stream' },
    onUploadProgress: (e) => onProgress?.(e.total ? e.loaded / e.total : e.progress ?? 0),
  });
}

/** A 401 on a call that carried a token: that token is dead (a failed login sends none). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof AxiosError && error.response?.status === 401 && Boolean(error.config?.headers?.get?.('Authorization'));
}

/** The server's `message` from an error envelope, or a fallback. */
export function errorMessage(error: unknown, fallback = 'Request failed'): string {
  if (error instanceof AxiosError) {
    const data = error.response?.data as { message?: unknown } | undefined;
    if (data && typeof data.message === 'string') return data.message;
  }
  return fallback;
}

/** The HTTP status of a failed call, or null when no answer came (network, timeout). */
export function errorStatus(error: unknown): number | null {
  return error instanceof AxiosError ? (error.response?.status ?? null) : null;
}

/** The field errors of a 400 envelope (`errors: {field: message}`), empty when there are none. */
export function errorFields(error: unknown): Record<string, string> {
  if (!(error instanceof AxiosError)) return {};
  const errors = (error.response?.data as { errors?: unknown } | undefined)?.errors;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(Object.entries(errors as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));
}
