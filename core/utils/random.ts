/**
 * @module
 * A small seeded random generator (sfc32) and the draws the catalogue generator needs; the
 * placeholder art and the cards draw from it too, so it sits in a leaf. `Math.random`
 * is never used: the same seed must give the same catalogue, byte for byte, on every runtime.
 */

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Index drawn in proportion to the weights. */
  weighted(weights: readonly number[]): number;
  /** Normal draw (Box-Muller), clamped to [min, max]. */
  normal(mean: number, sd: number, min: number, max: number): number;
  /** A long-tailed (Pareto) draw of at least `scale`. */
  pareto(scale: number, alpha: number): number;
  /** A new generator whose stream depends only on this seed and the label. */
  fork(label: string | number): Random;
}

/** FNV-1a over a string: turns seeds and labels into 32-bit states. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function createRandom(seed: string | number): Random {
  const key = String(seed);
  let a = hash32(`a${key}`),
    b = hash32(`b${key}`),
    c = hash32(`c${key}`),
    d = 1;
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    const out = (t + d) | 0;
    c = (c + out) | 0;
    return (out >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    weighted: (weights) => {
      let total = 0;
      for (const w of weights) total += w;
      let roll = next() * total;
      for (let i = 0; i < weights.length; i++) {
        roll -= weights[i] as number;
        if (roll < 0) return i;
      }
      return weights.length - 1;
    },
    normal: (mean, sd, min, max) => {
      const u = 1 - next();
      const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
      return Math.min(max, Math.max(min, mean + z * sd));
    },
    pareto: (scale, alpha) => scale / (1 - next()) ** (1 / alpha),
    fork: (label) => createRandom(`${key}/${label}`),
  };
  return random;
}
