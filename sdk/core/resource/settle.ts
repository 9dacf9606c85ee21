// The stale-answer guard both factories share: an answer settles its entry only while that entry
// still waits for the same request (a newer request, a reset or a sign-out wins).
export interface Answer {
  key: string;
  request: number;
}

export function waiting<E extends { request: number }>(entries: Record<string, E>, answer: Answer): E | undefined {
  const e = entries[answer.key];
  return e && e.request === answer.request ? e : undefined;
}
