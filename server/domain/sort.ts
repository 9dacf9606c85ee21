// One natural, case-insensitive, accent-aware order for names, computed here rather than by the
// database: PGlite compares bytes and PostgreSQL follows its locale, so an ORDER BY on a name
// differs between the two. Sorting by naturalKey() (plain code-unit comparison) is the same on
// both, on every machine. Lists that sort by name sort in TypeScript with compareNames.

/** Digit runs are zero-padded to this width so "Wave 10" sorts after "Wave 9". */
const DIGITS = 20;

/**
 * The sort key of a name: compatibility-decomposed (NFKD: "ﬁ" → "fi", "²" → "2"), combining marks
 * removed ("é" → "e"), case-folded, every run of punctuation, symbols and spaces turned into one
 * space (so "Bank — Always-on" and "Bank Always on" sort together), digit runs zero-padded.
 */
export function naturalKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/\d+/g, (run) => {
      const digits = run.replace(/^0+(?=\d)/, '');
      return digits.length >= DIGITS ? digits : digits.padStart(DIGITS, '0');
    });
}

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Compares two names in natural order; names equal by key fall back to the exact text. */
export function compareNames(a: string, b: string): number {
  return byCodeUnit(naturalKey(a), naturalKey(b)) || byCodeUnit(a, b);
}

/**
 * Sorts rows by a name in natural order (keys computed once per row), ties broken by `tie`
 * (e.g. the id). Nulls sort last in both directions.
 */
export function sortByName<T>(
  rows: readonly T[], name: (row: T) => string | null, opts: { descending?: boolean; tie?: (a: T, b: T) => number } = {},
): T[] {
  const keyed = rows.map((row) => {
    const n = name(row);
    return { row, n, key: n === null ? null : naturalKey(n) };
  });
  const dir = opts.descending ? -1 : 1;
  keyed.sort((a, b) => {
    if (a.key === null || b.key === null) {
      if (a.key !== b.key) return a.key === null ? 1 : -1;
    } else {
      const c = byCodeUnit(a.key, b.key) || byCodeUnit(a.n!, b.n!);
      if (c) return c * dir;
    }
    return opts.tie ? opts.tie(a.row, b.row) : 0;
  });
  return keyed.map((k) => k.row);
}
