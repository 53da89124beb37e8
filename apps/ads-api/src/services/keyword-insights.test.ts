import { LIMITS } from "@adsgraph/models";
import { describe, expect, it } from "vitest";
import { keywordInsight, postVolumes, relatedKeywords } from "./keyword-insights.js";
import type { KeywordSearch } from "./keyword-insights.js";

const NOW = new Date("2026-03-08T00:00:00Z");
const search: KeywordSearch = {
  granularity: "DAY",
  keywords: ["coffee", "tea"],
  start_time: "2026-03-01T00:00:00Z",
  end_time: "2026-03-08T00:00:00Z",
};

describe("keyword insights (synthetic, spec §4.8)", () => {
  it("answers one volume per step, the last step counted whole", () => {
    expect(postVolumes(search, NOW)).toHaveLength(7);
    expect(postVolumes({ ...search, granularity: "HOUR" }, NOW)).toHaveLength(168);
    expect(postVolumes({ ...search, end_time: "2026-03-03T12:00:00Z" }, NOW)).toHaveLength(3);
    expect(
      postVolumes({ ...search, granularity: "HOUR", end_time: "2026-03-01T00:30:00Z" }, NOW),
    ).toHaveLength(1);
    // end_time defaults to now; never more steps than the 7-day window holds
    const open = { ...search, granularity: "HOUR" as const, end_time: undefined };
    expect(postVolumes(open, new Date(NOW.getTime() + 1))).toHaveLength(168);
  });

  it("is a function of the sorted keywords, negatives, country and step start", () => {
    const first = keywordInsight(search, NOW);
    expect(keywordInsight({ ...search, keywords: ["TEA", "coffee", "tea"] }, NOW)).toEqual(first);
    expect(keywordInsight({ ...search, location: "US" }, NOW)).toEqual(first);
    expect(keywordInsight({ ...search, location: "GB" }, NOW)).not.toEqual(first);
    // a later window shares its steps' starts with this one
    const later = postVolumes(
      { ...search, start_time: "2026-03-02T00:00:00Z", end_time: "2026-03-09T00:00:00Z" },
      NOW,
    );
    expect(later.slice(0, 6)).toEqual(postVolumes(search, NOW).slice(1));
  });

  it("adds the hours of a day into the day", () => {
    const hours = postVolumes({ ...search, granularity: "HOUR" }, NOW);
    const days = postVolumes(search, NOW);
    days.forEach((day, index) => {
      expect(day).toBe(hours.slice(index * 24, index * 24 + 24).reduce((a, b) => a + b, 0));
    });
  });

  it("counts only the input keywords: more keywords more posts, negatives fewer", () => {
    const coffee = postVolumes({ ...search, keywords: ["coffee"] }, NOW);
    const both = postVolumes(search, NOW);
    const without = postVolumes({ ...search, negative_keywords: ["decaf", "sugar"] }, NOW);
    coffee.forEach((volume, index) => {
      expect(volume).toBeGreaterThan(0);
      expect(both[index]).toBeGreaterThan(volume);
      expect(without[index]).toBeLessThan(both[index] ?? 0);
    });
    // a keyword that is also negative counts nothing
    expect(postVolumes({ ...search, negative_keywords: ["coffee"] }, NOW)).toEqual(
      postVolumes({ ...search, keywords: ["tea"], negative_keywords: ["coffee"] }, NOW),
    );
  });

  it("relates up to 30 terms, never an input or negative keyword", () => {
    const related = relatedKeywords({ ...search, negative_keywords: ["news"] });
    expect(related).toHaveLength(LIMITS.keywordInsights.relatedKeywords);
    expect(new Set(related).size).toBe(related.length);
    for (const term of related) {
      expect(["coffee", "tea", "news"]).not.toContain(term);
      expect(term).not.toMatch(/\bnews\b/);
    }
    expect(relatedKeywords({ ...search, keywords: ["coffee news", "coffee"] })).not.toContain(
      "coffee news",
    );
  });
});
