/**
 * A small seeded generator (mulberry32), so that a stream of a given size and
 * seed is the same bytes on every machine and every run.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** An integer in [min, max], log-uniformly distributed: many small values, a few large ones, as real file and output sizes are. */
  logInt(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** An index chosen by weight. */
  weighted(weights: readonly number[]): number;
  /** `length` characters of [0-9A-Za-z]. */
  token(length: number): string;
  /** Lowercase hex digits. */
  hex(length: number): string;
  /** A version-4-shaped UUID. */
  uuid(): string;
}

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const HEX = '0123456789abcdef';

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const chars = (alphabet: string, length: number) => {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(next() * alphabet.length)];
    return out;
  };
  return {
    next,
    int,
    logInt: (min, max) => Math.round(Math.exp(Math.log(min) + next() * (Math.log(max) - Math.log(min)))),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    weighted(weights) {
      const total = weights.reduce((a, b) => a + b, 0);
      let at = next() * total;
      for (let i = 0; i < weights.length; i++) {
        at -= weights[i] as number;
        if (at < 0) return i;
      }
      return weights.length - 1;
    },
    token: (length) => chars(ALNUM, length),
    hex: (length) => chars(HEX, length),
    uuid: () => `${chars(HEX, 8)}-${chars(HEX, 4)}-4${chars(HEX, 3)}-8${chars(HEX, 3)}-${chars(HEX, 12)}`,
  };
}
