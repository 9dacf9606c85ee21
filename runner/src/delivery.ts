// Delivery of a finished session (issue 22 item 6): the body is written to sessionStorage BEFORE
// the first attempt and removed only when the server acknowledged it, and every attempt sends the
// same body (same session token, hence the same session id). The server stores a session id once,
// so a retry after a lost answer is a duplicate, never a second respondent; a reload of the page
// finds the pending body and sends it again. Network failures, 408, 429 and 5xx are retried with
// backoff; any other refusal is final (retrying cannot fix it).

export interface SendResult {
  status: number;
  body: unknown;
}
/** Sends one attempt; rejects on a network failure. */
export type Send = (body: unknown) => Promise<SendResult>;

export interface DeliveryOptions {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  key: string;
  send: Send;
  sleep?: (ms: number) => Promise<void>;
  /** First wait; doubles up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Told before each wait (the runner shows "retrying"). */
  onRetry?: (attempt: number, reason: string) => void;
}

export class DeliveryRefused extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'DeliveryRefused';
  }
}

const RETRIED = (status: number) => status === 408 || status === 429 || status >= 500;

export class DeliveryBuffer {
  private readonly o: Required<Omit<DeliveryOptions, 'onRetry' | 'storage'>> & Pick<DeliveryOptions, 'onRetry' | 'storage'>;

  constructor(opts: DeliveryOptions) {
    this.o = {
      sleep: (ms) => new Promise((r) => setTimeout(r, ms)), baseDelayMs: 1000, maxDelayMs: 30_000, ...opts,
    };
  }

  /** The body a previous page left unacknowledged, if any. */
  pending(): unknown {
    try {
      const raw = this.o.storage?.getItem(this.o.key);
      return raw ? JSON.parse(raw) : null;
    } catch {
      return null;
    }
  }

  /** Sends until acknowledged (2xx); throws DeliveryRefused on a final refusal (the body stays stored). */
  async deliver<T>(body: unknown): Promise<T> {
    try {
      this.o.storage?.setItem(this.o.key, JSON.stringify(body));
    } catch {
      // Storage full or disabled: still deliver, only a reload would lose it.
    }
    let delay = this.o.baseDelayMs;
    for (let attempt = 1; ; attempt++) {
      let reason: string;
      try {
        const res = await this.o.send(body);
        if (res.status >= 200 && res.status < 300) {
          this.o.storage?.removeItem(this.o.key);
          return res.body as T;
        }
        const message = (res.body as { message?: string } | null)?.message ?? `HTTP ${res.status}`;
        if (!RETRIED(res.status)) throw new DeliveryRefused(res.status, message);
        reason = message;
      } catch (err) {
        if (err instanceof DeliveryRefused) throw err;
        reason = err instanceof Error ? err.message : 'network error';
      }
      this.o.onRetry?.(attempt, reason);
      await this.o.sleep(delay);
      delay = Math.min(delay * 2, this.o.maxDelayMs);
    }
  }
}
