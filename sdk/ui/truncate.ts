/** Tables cut text longer than `max` characters and end it with three dots (D1 §5). */
export function truncate(text: string | null | undefined, max = 40): string {
  if (text == null) return '';
  const s = String(text);
  return s.length > max ? `${s.slice(0, max)}...` : s;
}
