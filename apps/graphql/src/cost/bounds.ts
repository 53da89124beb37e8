import type { Bounds } from "./plan-types.js";

/** Arithmetic over request and item counts whose upper end may be unknown (null). */
export const ZERO: Bounds = { lower: 0, upper: 0 };
export const exactly = (n: number): Bounds => ({ lower: n, upper: n });

export function add(a: Bounds, b: Bounds): Bounds {
  return {
    lower: a.lower + b.lower,
    upper: a.upper === null || b.upper === null ? null : a.upper + b.upper,
  };
}

export function times(a: Bounds, b: Bounds): Bounds {
  return {
    lower: a.lower * b.lower,
    // Zero of something unbounded is still zero.
    upper:
      a.upper === 0 || b.upper === 0
        ? 0
        : a.upper === null || b.upper === null
          ? null
          : a.upper * b.upper,
  };
}

/** The smaller of two upper ends, null being the larger. */
export function minUpper(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

/** Requests of `size` at most per request for `n` ids (0 ids: none). */
export function chunks(n: number, size: number): number {
  return Math.ceil(n / size);
}

export const isExact = (b: Bounds): boolean => b.upper === b.lower;
