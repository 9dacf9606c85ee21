// Test transport: records every request and answers it from a handler, at the transport, so
// the real client (base URL, headers, 401 handling) runs in tests. Used by vitest unit tests and
// Chromium element tests alike; never imported by shipping code.
import { parseBody, setTransport, type HttpRequest } from './client';

export interface RecordedRequest {
  method: string;
  url: string;
  /** Lower-case names, as a server sees them. */
  headers: Record<string, string>;
  /** JSON bodies parsed; a file upload's Blob as it is. */
  body: unknown;
}

export interface StubResponse {
  status?: number;
  data?: unknown;
}

export type StubHandler = (req: RecordedRequest) => StubResponse | Promise<StubResponse>;

/** What a transport was asked, in the shape tests read (lower-case headers, parsed JSON body). */
export function recorded(req: HttpRequest): RecordedRequest {
  const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
  const body = typeof req.body === 'string' ? parseBody(req.body) : req.body;
  return { method: req.method.toUpperCase(), url: req.url, headers, body };
}

/** Replace the network; every request is recorded and answered by `handler` (default 200 {}). */
export function stubHttp(handler: StubHandler = () => ({ status: 200, data: {} })) {
  const requests: RecordedRequest[] = [];
  // Beside requests (same index), so tests comparing recorded requests whole are not disturbed.
  const signals: (AbortSignal | undefined)[] = [];
  setTransport(async (config) => {
    const req = recorded(config);
    requests.push(req);
    signals.push(config.signal);
    // As fetch does: an abort rejects at once, whatever the handler still waits for.
    const aborted = new Promise<never>((_, reject) => {
      if (config.signal?.aborted) reject(new DOMException('Aborted', 'AbortError'));
      config.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), { once: true });
    });
    aborted.catch(() => {});
    const { status = 200, data = {} } = await Promise.race([Promise.resolve(handler(req)), aborted]);
    return { status, data };
  });
  return {
    requests,
    signals,
    /** How many recorded requests were aborted. */
    aborted: () => signals.filter((s) => s?.aborted).length,
    restore: () => setTransport(),
  };
}

/** A response the test releases later (to observe "disabled while saving"). */
export function deferred<T = StubResponse>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

