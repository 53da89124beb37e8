import { describe, expect, it } from "vitest";
import { publicMetricsOf, viewCountOf } from "./post-metrics.js";

const created = new Date("2026-11-01T10:00:00Z");
const post = { id: "1860000000000000001", postType: "PUBLISHED", createdAt: created };
const later = (minutes: number) => new Date(created.getTime() + minutes * 60_000);

describe("public metrics (spec §2.12), synthetic", () => {
  it("are a function of the post and the clock", () => {
    expect(publicMetricsOf(post, later(90))).toEqual(publicMetricsOf({ ...post }, later(90)));
    const other = publicMetricsOf({ ...post, id: "1860000000000000002" }, later(90 * 24 * 60));
    expect(other).not.toEqual(publicMetricsOf(post, later(90 * 24 * 60)));
  });

  it("start at zero and never shrink as time passes, so freshness is observable", () => {
    expect(publicMetricsOf(post, created)).toEqual({
      repost_count: 0,
      reply_count: 0,
      like_count: 0,
      quote_count: 0,
    });
    let previous = publicMetricsOf(post, created);
    for (const minutes of [1, 60, 600, 6_000, 60_000]) {
      const now = publicMetricsOf(post, later(minutes));
      for (const key of Object.keys(now) as (keyof typeof now)[]) {
        expect(now[key]).toBeGreaterThanOrEqual(previous[key]);
      }
      previous = now;
    }
    const day = publicMetricsOf(post, later(24 * 60));
    expect(publicMetricsOf(post, later(48 * 60)).like_count).toBeGreaterThan(day.like_count);
  });

  it("are zero for drafts and scheduled posts, and before publication", () => {
    expect(publicMetricsOf({ ...post, postType: "DRAFT" }, later(6_000)).like_count).toBe(0);
    expect(publicMetricsOf(post, new Date(created.getTime() - 60_000)).like_count).toBe(0);
  });

  it("count views per medium since its upload, growing with time", () => {
    const a = viewCountOf("13_1", created, later(6_000));
    expect(a).toBeGreaterThan(0);
    expect(viewCountOf("13_1", created, later(6_000))).toBe(a);
    expect(viewCountOf("13_1", created, later(60_000))).toBeGreaterThan(a);
    expect(viewCountOf("13_2", created, later(60_000))).not.toBe(
      viewCountOf("13_1", created, later(60_000)),
    );
  });
});
