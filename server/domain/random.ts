// One seeded PRNG for everything that must come out the same on every machine and every run:
// the demo plan (seed/demo.ts) and the simulated respondents (analytics/simulator.ts).
export interface Rng {
  (): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  normal(mean?: number, sd?: number): number;
  logNormal(median: number, sigma: number): number;
}

/** mulberry32 with a few helpers. */
export function seeded(seed: number): Rng {
  let a = seed >>> 0;
  const next = (() => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }) as Rng;
  next.int = (min, max) => min + Math.floor(next() * (max - min + 1));
  next.pick = (items) => items[Math.floor(next() * items.length)];
  next.chance = (p) => next() < p;
  // Box–Muller; the floor keeps log() finite.
  next.normal = (mean = 0, sd = 1) => {
    const u = Math.max(next(), 1e-12);
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
  };
  next.logNormal = (median, sigma) => median * Math.exp(next.normal(0, sigma));
  return next;
}

/** A fixed calendar day (UTC noon, so no time zone moves it to another date). */
export const day = (iso: string, plusDays = 0) => new Date(Date.parse(`${iso}T12:00:00Z`) + plusDays * 86_400_000);

export const slug = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
