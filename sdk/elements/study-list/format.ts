// Pure cell formatting of the study list (unit-tested in format.test.ts).

/** dd/mm/yyyy from an ISO date or timestamp; the calendar date as sent (no time-zone shift). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

/** Tooltip of the Participants Returned cell (D1-099): n = requested, m = returned. */
export function participantsTooltip(requested: number | null | undefined, returned: number | null | undefined): string {
  return `${requested ?? 0} participants requested, ${returned ?? 0} returned so far`;
}

/** Cell text: returned / requested (D1-098). */
export function participantsText(requested: number | null | undefined, returned: number | null | undefined): string {
  return `${returned ?? 0} / ${requested ?? 0}`;
}

export const liveText = (live: boolean, paused = false) => (live ? (paused ? 'Live (paused)' : 'Live') : 'Not live');

/** Fieldwork End: the actual end, 'pending' while fieldwork that has started is still open, else empty. */
export const fieldworkEndText = (start: string | null | undefined, end: string | null | undefined) =>
  (end ? formatDate(end) : start ? 'pending' : '');
export const completedText = (completed: boolean) => (completed ? 'Completed' : 'Not completed');

