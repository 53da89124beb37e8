import { describe, expect, it } from "vitest";
import { chartGeometry, niceMax, PLOT } from "./delivery-chart-geometry.js";

const day = (n: number, impressions: number, spendMicros: string) => ({
  start: `2026-11-2${n}T14:00:00Z`,
  impressions,
  spendMicros,
});

describe("delivery chart geometry", () => {
  it("tops each axis with a round number", () => {
    expect(niceMax(47.3)).toBe(50);
    expect(niceMax(50)).toBe(50);
    expect(niceMax(51)).toBe(100);
    expect(niceMax(1234)).toBe(2000);
    expect(niceMax(0.27)).toBe(0.5);
    expect(niceMax(0.3)).toBe(0.5);
    expect(niceMax(0.2)).toBe(0.2);
    expect(niceMax(0)).toBe(1);
  });

  it("scales bars to impressions and the line to spend, each on its own axis", () => {
    const g = chartGeometry([day(3, 1000, "10000000"), day(4, 2000, "40000000")]);
    expect(g.impressionsMax).toBe(2000);
    expect(g.spendMax).toBe(50);
    const [first, second] = g.bars;
    // The day with the most impressions reaches the top; half of it, half the height.
    expect(second?.y).toBeCloseTo(PLOT.top);
    expect(first?.height).toBeCloseTo((second?.height ?? 0) / 2);
    expect(first?.x).toBeLessThan(second?.x ?? 0);
    // 40 of 50 USD: four fifths up the plot.
    expect(g.spendPoints[1]?.y).toBeCloseTo(PLOT.bottom - 0.8 * (PLOT.bottom - PLOT.top));
    expect(g.spendPath).toMatch(/^M[\d.]+ [\d.]+ L[\d.]+ [\d.]+$/);
  });

  it("draws no delivery as flat zero, not as an error", () => {
    const g = chartGeometry([day(3, 0, "0"), day(4, 0, "0")]);
    expect(g.bars.every((bar) => bar.height === 0)).toBe(true);
    expect(g.spendPoints.every((p) => p.y === PLOT.bottom)).toBe(true);
    expect(chartGeometry([]).spendPath).toBe("");
  });
});
