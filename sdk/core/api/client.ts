// The ONE axios instance every API area uses. Configuration lives in module state so that every
// element on a page (and the host, via configure()) talks to the same server with the same token.
import axios, { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { readStored } from '../session/storage';
import { emitWindow, WINDOW_EVENTS } from '../events';

export interface ClientConfig {
  /** Base URL of the /v1.0 API. Default: same origin + '/v1.0'. */
  apiBase: string;
  /** Explicit token (attribute `token` / configure()). Undefined → the signed-in token in localStorage. */
  token?: string | null;
  /** Acting company for super users (attribute `company-id`). Undefined → localStorage 'companyId'. */
  companyId?: string | number | null;
}

function defaultApiBase(): string {
  const origin = typeof window !== 'undefined' && window.location ? window.location.origin : '';
  return `${origin}/v1.0`;
}

const config: ClientConfig = { apiBase: defaultApiBase() };

export const api = axios.create({ headers: { Accept: 'application/json' } });
const defaultAdapter = api.defaults.adapter;

/** Set any of apiBase, token, companyId. `null` clears a value, `undefined` leaves it alone. */
export function configure(next: Partial<ClientConfig>): void {
  if (next.apiBase !== undefined) config.apiBase = next.apiBase ? next.apiBase.replace(/\/+$/, '') : defaultApiBase();
  if (next.token !== undefined) config.token = next.token;
  if (next.companyId !== undefined) config.companyId = next.companyId;
}

export function getClientConfig(): Readonly<ClientConfig> {
  return { ...config };
}

/** Forget explicit token/company (sign-out, expiry); the stored values are cleared by the session saga. */
export function resetCredentials(): void {
  config.token = undefined;
  config.companyId = undefined;
}

export function currentToken(): string | null {
  return config.token !== undefined ? config.token : readStored('token');
}

export function currentCompanyId(): string | null {
  const c = config.companyId !== undefined ? config.companyId : readStored('companyId');
  return c === null || c === undefined || c === '' ? null : String(c);
}

/** Tests swap the transport (an axios adapter); call with no argument to restore the real one. */
export function setTransport(adapter?: AxiosAdapter): void {
  api.defaults.adapter = adapter ?? defaultAdapter;
}

type ExpiryHandler = () => void;
let onExpired: ExpiryHandler | null = null;
/** The store registers here so a 401 can end the session without the client importing the store. */
export function setSessionExpiredHandler(handler: ExpiryHandler | null): void {
  onExpired = handler;
}

const NO_AUTH = new Set(['/auth-token']);

api.interceptors.request.use((req: InternalAxiosRequestConfig) => {
  req.baseURL = config.apiBase;
  const path = (req.url ?? '').split('?')[0];
  if (!NO_AUTH.has(path)) {
    const token = currentToken();
    if (token) req.headers.set('Authorization', `Token ${token}`);
    const company = currentCompanyId();
    if (company) req.headers.set('X-Company-Id', company);
  }
  return req;
});

api.interceptors.response.use(undefined, (error: unknown) => {
  if (error instanceof AxiosError && error.response?.status === 401) {
    // A 401 on a call that carried a token means the token is dead; a failed login is not an expiry.
    const sentAuth = Boolean(error.config?.headers?.get?.('Authorization'));
    if (sentAuth) {
      if (onExpired) onExpired();
      else emitWindow(WINDOW_EVENTS.sessionExpired);
    }
  }
  return Promise.reject(error);
});

/** The server's `message` from an error envelope, or a fallback. */
export function errorMessage(error: unknown, fallback = 'Request failed'): string {
  if (error instanceof AxiosError) {
    const data = error.response?.data as { message?: unknown } | undefined;
    if (data && typeof data.message === 'string') return data.message;
  }
  return fallback;
}
