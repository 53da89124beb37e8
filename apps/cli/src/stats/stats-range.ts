import { MS_PER_DAY, MS_PER_HOUR, formatTimestamp } from "@adsgraph/models";

/** A `MetricsRangeInput`: whole hours, UTC, end exclusive. */
export interface StatsRange {
  readonly start: string;
  readonly end: string;
}

/** `2026-11-30T14:00:00Z`: the wire form, without milliseconds. */
const iso = (ms: number) => formatTimestamp(new Date(ms));

/**
 * The last `days` × 24 whole hours, ending where the current hour starts: every hour of it has
 * closed, so its numbers no longer change (the facade keeps such answers and never asks the
 * ads service for them again). DAY buckets are 24-hour spans from `start`, i.e. from the
 * current hour of the day, `days` of them.
 */
export function lastWholeDays(days: number, now: number): StatsRange {
  const end = Math.floor(now / MS_PER_HOUR) * MS_PER_HOUR;
  return { start: iso(end - days * MS_PER_DAY), end: iso(end) };
}
