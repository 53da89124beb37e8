const HOUR_MS = 3_600_000;

/** `2026-11-30T14:00:00Z`: a whole hour in UTC, as `MetricsRangeInput` takes it. */
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.000Z$/, "Z");

/**
 * The last `days` × 24 whole hours, ending where the current hour starts: only closed hours,
 * whose numbers no longer change (the facade keeps them, so asking again costs nothing
 * upstream). The chart's days are the 24-hour spans from `start`.
 */
export function lastDays(days: number, now: number): { start: string; end: string } {
  const end = Math.floor(now / HOUR_MS) * HOUR_MS;
  return { start: iso(end - days * 24 * HOUR_MS), end: iso(end) };
}

/** `2026-11-23T14:00:00Z` → `11-23`: a day's short label under the chart. */
export function shortDay(isoStart: string): string {
  return isoStart.slice(5, 10);
}

/** `2026-11-23T14:00:00Z` → `2026-11-23 14:00 UTC`: a day's start in the data table. */
export function fullDayStart(isoStart: string): string {
  return `${isoStart.slice(0, 10)} ${isoStart.slice(11, 16)} UTC`;
}
