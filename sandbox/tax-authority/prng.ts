/**
 * The seeded tax authority's only source of randomness: sfc32 seeded through splitmix32. Never
 * Math.random: the same seed must give byte-identical invoices on every machine and every run.
 */
export interface Prng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** true with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A pick weighted by the second member of each pair. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** n characters drawn from `alphabet`. */
  chars(alphabet: string, n: number): string;
}

function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** sfc32: small, fast, and passes PractRand well beyond what seeding a few thousand invoices draws. */
export function createPrng(seed: number): Prng {
  if (!Number.isSafeInteger(seed)) throw new Error(`seed must be an integer, got ${seed}`);
  // Fold the high bits in so seeds above 2^32 still give distinct streams.
  const mix = splitmix32((seed >>> 0) ^ Math.floor(seed / 2 ** 32));
  let a = mix();
  let b = mix();
  let c = mix();
  let d = mix();
  const nextUint32 = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  // Discard the first outputs: sfc32's state needs a few rounds to mix.
  for (let i = 0; i < 12; i++) nextUint32();

  const next = () => nextUint32() / 2 ** 32;
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[int(0, items.length - 1)] as T;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick,
    weighted<T>(items: readonly (readonly [T, number])[]): T {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let draw = next() * total;
      for (const [item, weight] of items) {
        draw -= weight;
        if (draw < 0) return item;
      }
      const last = items[items.length - 1];
      if (!last) throw new Error('weighted pick from an empty list');
      return last[0];
    },
    chars: (alphabet, n) => Array.from({ length: n }, () => alphabet[int(0, alphabet.length - 1)]).join(''),
  };
}
