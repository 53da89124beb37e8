import { formatMicros } from "../format/money.js";
import type { CampaignStats, CountSeries, MoneySeries } from "./stats-document.js";

/** A whole count (the graph's Float) in digits, never in exponent form. */
export function formatCount(value: number): string {
  return Number.isFinite(value) ? value.toFixed(0) : String(value);
}

/** `2026-11-30T14:00:00Z` → `2026-11-30 14:00`: a bucket's start, in UTC like the range. */
export function formatBucketStart(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return match === null ? iso : `${match[1]} ${match[2]}`;
}

const countAt = (series: CountSeries | null | undefined, start: string | undefined) => {
  if (series === null || series === undefined) return "";
  if (start === undefined) return formatCount(series.total);
  const point = series.points.find((p) => p.start === start);
  return point === undefined ? "" : formatCount(point.value);
};

const moneyAt = (series: MoneySeries | null | undefined, start: string | undefined) => {
  if (series === null || series === undefined) return "";
  const value =
    start === undefined ? series.total : series.points.find((p) => p.start === start)?.value;
  return value === undefined ? "" : formatMicros(value.micros, value.currency);
};

/** The table of `adsgraph stats`: its header, rows, and which columns hold numbers. */
export interface StatsTable {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
  readonly alignRight: readonly number[];
}

/**
 * One row per campaign (TOTAL), or per campaign and bucket (DAY, HOUR) in the answer's order,
 * with the bucket's start in UTC. An empty cell is a metric the facade did not report for
 * campaigns; a reported metric with no delivery is 0.
 */
export function statsTable(campaigns: readonly CampaignStats[], total: boolean): StatsTable {
  const head = ["CAMPAIGN", "ID"];
  const numbers = ["IMPRESSIONS", "ENGAGEMENTS", "SPEND"];
  const columns = total ? [...head, ...numbers] : [...head, "START (UTC)", ...numbers];
  const rows = campaigns.flatMap((campaign) => {
    const { metrics } = campaign;
    const row = (start: string | undefined) => [
      campaign.name,
      campaign.rawId,
      ...(start === undefined ? [] : [formatBucketStart(start)]),
      countAt(metrics.engagement?.impressions, start),
      countAt(metrics.engagement?.engagements, start),
      moneyAt(metrics.billing?.spend, start),
    ];
    return total ? [row(undefined)] : metrics.bucketStarts.map(row);
  });
  const first = columns.length - numbers.length;
  return { columns, rows, alignRight: numbers.map((_, i) => first + i) };
}
