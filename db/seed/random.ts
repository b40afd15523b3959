/**
 * Seeded pseudo-random numbers for the seed generator. Everything the generator draws comes from here, so the
 * same seed gives byte-identical database content; nothing reads Math.random or the wall clock.
 *
 * Generator: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, 128-bit state, passes PractRand),
 * with its state filled by splitmix32 from a 32-bit seed.
 */

/** splitmix32 step: a well-mixed 32-bit value from `state` (used for seeding and hashing). */
function splitmix32(state: number): number {
  let z = (state + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/**
 * A 32-bit seed derived from any list of numbers and strings (order matters). Used to give independent,
 * reproducible streams, for example one per VRG and year: `hashSeed(seed, 'vrg', 3, 2022)`.
 */
export function hashSeed(...parts: readonly (number | string)[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const text = typeof part === 'number' ? `n${part}` : `s${part}`;
    for (let i = 0; i < text.length; i++) {
      h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    }
    h = splitmix32(h ^ 0x5bd1e995);
  }
  return h >>> 0;
}

/** Seeded random source (sfc32). Not cryptographic; for demo data only. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spareNormal: number | null = null;

  /** @param seed any integer; equal seeds give equal sequences. */
  constructor(seed: number) {
    let s = seed >>> 0;
    s = splitmix32(s);
    this.a = s;
    s = splitmix32(s);
    this.b = s;
    s = splitmix32(s);
    this.c = s;
    s = splitmix32(s);
    this.d = s;
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  /** Next raw 32-bit unsigned integer. */
  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    if (max < min) throw new RangeError(`Rng.int: max ${max} < min ${min}`);
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Uniform float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** True with probability `p` (0..1). */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** A uniformly chosen element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Rng.pick: empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** An element chosen by weight; `weights` has the same length as `items`. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weights[i]!;
      if (r < 0) return items[i]!;
    }
    return items[items.length - 1]!;
  }

  /** Normally distributed float (Box-Muller) with the given mean and standard deviation. */
  normal(mean = 0, sd = 1): number {
    if (this.spareNormal !== null) {
      const z = this.spareNormal;
      this.spareNormal = null;
      return mean + sd * z;
    }
    let u = 0;
    while (u === 0) u = this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spareNormal = r * Math.sin(2 * Math.PI * v);
    return mean + sd * r * Math.cos(2 * Math.PI * v);
  }

  /** Normally distributed float clamped to [min, max]. */
  normalClamped(mean: number, sd: number, min: number, max: number): number {
    return Math.min(max, Math.max(min, this.normal(mean, sd)));
  }

  /** A string of `count` decimal digits (leading zeros allowed). */
  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += String(this.int(0, 9));
    return out;
  }

  /** An independent child stream, derived from this stream's next value and `keys`. */
  fork(...keys: readonly (number | string)[]): Rng {
    return new Rng(hashSeed(this.nextUint32(), ...keys));
  }
}
