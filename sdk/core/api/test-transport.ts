// Test transport: records every request and answers it from a handler, at the axios adapter, so
// the real client (base URL, headers, 401 handling) runs in tests. Used by vitest unit tests and
// Chromium element tests alike; never imported by shipping code.
import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { setTransport } from './client';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface StubResponse {
  status?: number;
  data?: unknown;
}

export type StubHandler = (req: RecordedRequest) => StubResponse | Promise<StubResponse>;

/** Replace the network; every request is recorded and answered by `handler` (default 200 {}). */
export function stubHttp(handler: StubHandler = () => ({ status: 200, data: {} })) {
  const requests: RecordedRequest[] = [];
  setTransport(async (config: InternalAxiosRequestConfig) => {
    const base = (config.baseURL ?? '').replace(/\/+$/, '');
    const url = /^https?:/.test(config.url ?? '') ? config.url! : `${base}${config.url ?? ''}`;
    const headers = Object.fromEntries(
      Object.entries(AxiosHeaders.from(config.headers).toJSON()).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    let body: unknown = config.data;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        /* keep text */
      }
    }
    const req: RecordedRequest = { method: (config.method ?? 'get').toUpperCase(), url, headers, body };
    requests.push(req);
    const { status = 200, data = {} } = await handler(req);
    const response = { data, status, statusText: String(status), headers: {}, config, request: {} };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response);
  });
  return { requests, restore: () => setTransport() };
}

/** A response the test releases later (to observe "disabled while saving"). */
export function deferred<T = StubResponse>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

