import type { MetricValue, StatsAnswer } from "@adsgraph/models";
import { describe, expect, it } from "vitest";
import { mergeWindowAnswers } from "./stats-merge.js";

/** A window's answer: per id its metrics, `length` buckets. */
function answer(length: number, byId: Record<string, Record<string, MetricValue>>): StatsAnswer {
  return {
    data_type: "stats",
    time_series_length: length,
    data: Object.entries(byId).map(([id, metrics]) => ({
      id,
      id_data: [{ segment: null, metrics }],
    })),
    request: { params: {} },
  };
}

const metricsOf = (merged: ReturnType<typeof mergeWindowAnswers>, id: string) =>
  merged.get(id)?.id_data[0]?.metrics;

describe("mergeWindowAnswers", () => {
  it("HOUR and DAY series are joined in window order; a null window counts as zeros", () => {
    const merged = mergeWindowAnswers(
      ["c1"],
      [
        answer(2, { c1: { impressions: [1, 2], likes: null, follows: null } }),
        answer(1, { c1: { impressions: [3], likes: [4], follows: null } }),
      ],
      "DAY",
    );
    expect(metricsOf(merged, "c1")).toEqual({
      impressions: [1, 2, 3],
      likes: [0, 0, 4],
      // null only when null in every window (no events in the whole range)
      follows: null,
    });
  });

  it("TOTAL sums the windows", () => {
    const merged = mergeWindowAnswers(
      ["c1"],
      [
        answer(1, { c1: { impressions: [10], billed_charge_local_micro: null } }),
        answer(1, { c1: { impressions: [5], billed_charge_local_micro: [2_500_000] } }),
      ],
      "TOTAL",
    );
    expect(metricsOf(merged, "c1")).toEqual({
      impressions: [15],
      billed_charge_local_micro: [2_500_000],
    });
  });

  it("breakdown metrics merge part by part, a missing window or part as zeros", () => {
    const merged = mergeWindowAnswers(
      ["c1"],
      [
        answer(1, { c1: { conversion_purchases: null } }),
        answer(2, {
          c1: { conversion_purchases: { post_view: [1, 0], post_engagement: null } },
        }),
      ],
      "HOUR",
    );
    expect(metricsOf(merged, "c1")).toEqual({
      conversion_purchases: { post_view: [0, 1, 0], post_engagement: null },
    });
  });

  it("keeps every id of its batch in order, each from the windows that name it", () => {
    const merged = mergeWindowAnswers(
      ["b", "a", "missing"],
      [
        answer(1, { a: { impressions: [1] }, b: { impressions: [2] } }),
        answer(1, { a: { impressions: [3] }, b: { impressions: null } }),
      ],
      "DAY",
    );
    expect([...merged.keys()]).toEqual(["b", "a"]);
    expect(metricsOf(merged, "a")).toEqual({ impressions: [1, 3] });
    expect(metricsOf(merged, "b")).toEqual({ impressions: [2, 0] });
  });

  it("one window is answered as it came", () => {
    const only = answer(1, { a: { impressions: [1] } });
    expect(mergeWindowAnswers(["a"], [only], "DAY").get("a")).toBe(only.data[0]);
  });

  it("segmented answers merge per segment", () => {
    const seg = (value: string, impressions: number[]) => ({
      segment: { segment_name: "Gender", segment_value: value },
      metrics: { impressions },
    });
    const window = (a: number[], b: number[]): StatsAnswer => ({
      data_type: "stats",
      time_series_length: a.length,
      data: [{ id: "c1", id_data: [seg("f", a), seg("m", b)] }],
      request: { params: {} },
    });
    const merged = mergeWindowAnswers(["c1"], [window([1], [2]), window([3], [4])], "HOUR");
    expect(merged.get("c1")?.id_data).toEqual([seg("f", [1, 3]), seg("m", [2, 4])]);
  });
});
