/**
 * Exact integer arithmetic for the simulation: every split (over creatives, placements,
 * segments, line items under a budget) must sum back to its whole, so sums in any order and
 * at any granularity agree to the unit. Products can pass 2^53 (budgets in micros times
 * spends), where BigInt takes over.
 */

/** floor(a × b / c) for non-negative integers, exact; c > 0. */
export function mulDivFloor(a: number, b: number, c: number): number {
  const product = a * b;
  if (Number.isSafeInteger(product)) return Math.floor(product / c);
  return Number((BigInt(a) * BigInt(b)) / BigInt(c));
}

/**
 * Splits the non-negative integer `total` over `weights` (non-negative integers, at least
 * one positive) by largest remainder: each share is floor(total × w / W) plus at most one
 * unit, the units going to the largest fractional parts, ties to the earlier weight. The
 * shares sum to `total` exactly.
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  let sum = 0;
  for (const weight of weights) sum += weight;
  if (sum <= 0) throw new RangeError("apportion: weights must have a positive sum");
  const shares = new Array<number>(weights.length);
  const remainders = new Array<number>(weights.length);
  let given = 0;
  for (let i = 0; i < weights.length; i += 1) {
    const weight = weights[i] ?? 0;
    const product = total * weight;
    let share: number;
    let remainder: number;
    if (Number.isSafeInteger(product)) {
      share = Math.floor(product / sum);
      remainder = product - share * sum;
    } else {
      const big = BigInt(total) * BigInt(weight);
      share = Number(big / BigInt(sum));
      remainder = Number(big % BigInt(sum));
    }
    shares[i] = share;
    remainders[i] = remainder;
    given += share;
  }
  let left = total - given;
  if (left > 0) {
    const order = weights.map((_, i) => i);
    order.sort((a, b) => (remainders[b] ?? 0) - (remainders[a] ?? 0) || a - b);
    for (const i of order) {
      if (left === 0) break;
      shares[i] = (shares[i] ?? 0) + 1;
      left -= 1;
    }
  }
  return shares;
}
