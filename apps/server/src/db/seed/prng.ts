/** A small seeded random generator, so that seeds are the same on every run. */
export type Prng = {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [0, n). */
  int: (n: number) => number;
  /** One element of a non-empty list. */
  pick: <T>(list: readonly T[]) => T;
  /** True with probability p. */
  chance: (p: number) => boolean;
};

/**
 * A mulberry32 generator seeded from a string (FNV-1a hash).
 * @param seed - any text; the same text gives the same sequence
 */
export function createPrng(seed: string): Prng {
  let state = 0x811c9dc5;
  for (let i = 0; i < seed.length; i += 1) {
    state ^= seed.charCodeAt(i);
    state = Math.imul(state, 0x01000193) >>> 0;
  }
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number): number => Math.floor(next() * n);
  return {
    next,
    int,
    pick: <T>(list: readonly T[]): T => {
      const item = list[int(list.length)];
      if (item === undefined) {
        throw new Error('pick from an empty list');
      }
      return item;
    },
    chance: (p: number) => next() < p,
  };
}
