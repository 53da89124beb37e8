const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A `MetricsRangeInput`: whole hours, UTC, end exclusive. */
export interface StatsRange {
  readonly start: string;
  readonly end: string;
}

/** `2026-11-30T14:00:00Z`: ISO 8601 in UTC without the milliseconds a whole hour never has. */
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.000Z$/, "Z");

/**
 * The last `days` × 24 whole hours, ending where the current hour starts: every hour of it has
 * closed, so its numbers no longer change (the facade keeps such answers and never asks the
 * ads service for them again). DAY buckets are 24-hour spans from `start`, i.e. from the
 * current hour of the day, `days` of them.
 */
export function lastWholeDays(days: number, now: number): StatsRange {
  const end = Math.floor(now / HOUR_MS) * HOUR_MS;
  return { start: iso(end - days * DAY_MS), end: iso(end) };
}
