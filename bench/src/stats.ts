import { seededRandom } from "@adsgraph/ads-api";

/** The p-th percentile (nearest rank) of a sample. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

export const round1 = (value: number): number => Math.round(value * 10) / 10;

/**
 * The percentile bootstrap interval of `statistic` over `values`: the statistic of `resamples`
 * samples drawn with replacement, cut at (1 − level) / 2 on each side. How far a median of 16
 * rounds can move on this machine by chance alone.
 */
export function bootstrapInterval(
  values: readonly number[],
  statistic: (sample: readonly number[]) => number,
  { level = 0.95, resamples = 10_000, seed = 1 } = {},
): [number, number] {
  if (values.length === 0) return [Number.NaN, Number.NaN];
  const random = seededRandom(seed);
  const estimates: number[] = [];
  for (let i = 0; i < resamples; i++) {
    const sample = values.map(() => values[Math.floor(random() * values.length)] ?? Number.NaN);
    estimates.push(statistic(sample));
  }
  const tail = ((1 - level) / 2) * 100;
  return [percentile(estimates, tail), percentile(estimates, 100 - tail)];
}
