/** One day of a campaign's delivery, as the metrics query answers it. */
export interface DeliveryDay {
  readonly start: string;
  readonly impressions: number;
  /** Spend in micros of the campaign's currency (digits). */
  readonly spendMicros: string;
}

/** The chart's drawing area within its viewBox (`WIDTH` × `HEIGHT`). */
export const WIDTH = 320;
export const HEIGHT = 120;
export const PLOT = { left: 44, right: WIDTH - 60, top: 10, bottom: HEIGHT - 20 } as const;

export interface Bar {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface ChartGeometry {
  /** Impressions, one bar per day, on the left axis. */
  readonly bars: readonly Bar[];
  /** Spend, one point per day (the day's centre), on the right axis. */
  readonly spendPoints: readonly { readonly x: number; readonly y: number }[];
  /** The line through `spendPoints` (an SVG path), empty for no days. */
  readonly spendPath: string;
  /** The top of each axis: a round number at or above the series' largest value. */
  readonly impressionsMax: number;
  /** In currency units. */
  readonly spendMax: number;
}

/**
 * The round number (1, 2 or 5 times a power of ten) at or above `value`, so an axis reads
 * `0 … 50` rather than `0 … 47.3`; 1 for nothing (an empty series still has a scale).
 */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) {
    const candidate = Number((step * power).toPrecision(12));
    if (candidate >= value) return candidate;
  }
  return Number((10 * power).toPrecision(12));
}

/** Micros (digits) as currency units, for drawing only (the labels use the exact text). */
const units = (micros: string) => Number(micros) / 1_000_000;

/**
 * Where the bars and the spend line go: days side by side over the plot's width, each series
 * scaled to its own axis. Pure (no DOM), so it is tested on its own.
 */
export function chartGeometry(days: readonly DeliveryDay[]): ChartGeometry {
  const impressionsMax = niceMax(Math.max(0, ...days.map((d) => d.impressions)));
  const spendMax = niceMax(Math.max(0, ...days.map((d) => units(d.spendMicros))));
  const slot = (PLOT.right - PLOT.left) / Math.max(1, days.length);
  const height = PLOT.bottom - PLOT.top;
  const yOf = (value: number, max: number) => PLOT.bottom - (value / max) * height;
  const bars = days.map((day, i) => {
    const y = yOf(day.impressions, impressionsMax);
    return { x: PLOT.left + i * slot + slot * 0.15, y, width: slot * 0.7, height: PLOT.bottom - y };
  });
  const spendPoints = days.map((day, i) => ({
    x: PLOT.left + (i + 0.5) * slot,
    y: yOf(units(day.spendMicros), spendMax),
  }));
  const spendPath = spendPoints
    .map((p, i) => `${i === 0 ? "M" : "L"}${p.x.toFixed(1)} ${p.y.toFixed(1)}`)
    .join(" ");
  return { bars, spendPoints, spendPath, impressionsMax, spendMax };
}
