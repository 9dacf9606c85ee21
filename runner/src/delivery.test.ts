// Issue 22 item 6 (retry buffer): a session is stored in the browser before it is sent, re-sent
// with the same body (same session) after network failures until acknowledged, never re-sent
// after a final refusal, and a reload finds what was not acknowledged.
import { describe, expect, it } from 'vitest';
import { DeliveryBuffer, DeliveryRefused, type SendResult } from './delivery';

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k), m };
}

const body = { token: 'tok.sig', status: 'complete', steps: [{ step_id: 1, page_dwell_ms: 10, stims: [] }] };

describe('delivery retry buffer (issue 22 item 6)', () => {
  it('retries network failures and 5xx with the same body, backing off, then clears the stored copy', async () => {
    const storage = memoryStorage();
    const sent: unknown[] = [];
    const waits: number[] = [];
    const outcomes: (() => Promise<SendResult>)[] = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve({ status: 503, body: { success: false, message: 'busy' } }),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve({ status: 200, body: { success: true, duplicate: true, participant_id: 4 } }),
    ];
    const buffer = new DeliveryBuffer({
      storage, key: 'k', baseDelayMs: 100, maxDelayMs: 250,
      send: (b) => { sent.push(b); expect(storage.m.get('k')).toBe(JSON.stringify(body)); return outcomes[sent.length - 1](); },
      sleep: async (ms) => { waits.push(ms); },
    });
    const res = await buffer.deliver<{ participant_id: number }>(body);
    expect(res.participant_id).toBe(4);
    expect(sent).toHaveLength(4);
    for (const b of sent) expect(b).toBe(body);
    expect(waits).toEqual([100, 200, 250]);
    expect(storage.m.has('k')).toBe(false);
    expect(buffer.pending()).toBeNull();
  });

  it('stops at a final refusal (4xx) without retrying and keeps the stored copy', async () => {
    const storage = memoryStorage();
    let calls = 0;
    const buffer = new DeliveryBuffer({
      storage, key: 'k', send: async () => { calls++; return { status: 403, body: { success: false, message: 'expired' } }; }, sleep: async () => {},
    });
    await expect(buffer.deliver(body)).rejects.toEqual(new DeliveryRefused(403, 'expired'));
    expect(calls).toBe(1);
    expect(buffer.pending()).toEqual(body);
  });

  it('lets a reloaded page find and re-send the unacknowledged session', async () => {
    const storage = memoryStorage();
    const first = new DeliveryBuffer({ storage, key: 'k', send: () => new Promise<SendResult>(() => {}), sleep: async () => {} });
    void first.deliver(body);
    const second = new DeliveryBuffer({ storage, key: 'k', send: async () => ({ status: 200, body: { success: true } }), sleep: async () => {} });
    expect(second.pending()).toEqual(body);
    await second.deliver(second.pending());
    expect(second.pending()).toBeNull();
  });
});
