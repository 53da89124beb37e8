import { describe, expect, it } from "vitest";
import { expectValid, expectViolation } from "../../test/support.js";
import { LIMITS } from "../limits.js";
import { METRICS_BY_GROUP, metricsFor } from "../resources/analytics-metrics.js";
import { catalog } from "./catalog.js";

const stats = {
  account_id: "18ce54d4x5t",
  entity: "CAMPAIGN",
  entity_ids: "aaaa,bbbb",
  start_time: "2019-01-01T00:00:00Z",
  end_time: "2019-01-08T00:00:00Z",
  granularity: "DAY",
  metric_groups: "ENGAGEMENT,BILLING",
  placement: "ALL_ON_TWITTER",
};
const ids = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`).join(",");

describe("analytics parameters (beyond the spec: vendor v12 analytics reference)", () => {
  it("takes a week of whole hours, up to 20 entities, and the reference's enums", () => {
    const parsed = expectValid("stats.get", stats);
    expect(parsed.entity_ids).toEqual(["aaaa", "bbbb"]);
    expect(parsed.metric_groups).toEqual(["ENGAGEMENT", "BILLING"]);
    expectValid("stats.get", { ...stats, entity_ids: ids(LIMITS.analytics.entityIds) });
  });

  it("reads the vendor's PROMOTED_TWEET and ORGANIC_TWEET as the spec's words", () => {
    expect(expectValid("stats.get", { ...stats, entity: "PROMOTED_TWEET" }).entity).toBe(
      "PROMOTED_POST",
    );
    expect(
      expectValid("stats.get", { ...stats, entity: "ORGANIC_TWEET", metric_groups: "VIDEO" })
        .entity,
    ).toBe("ORGANIC_POST");
  });

  it("names the parameter and the rule of every bad input", () => {
    const off = expectViolation(
      "stats.get",
      { ...stats, start_time: "2019-01-01T00:30:00Z" },
      "start_time",
      "INVALID_PARAMETER",
    );
    expect(off.message).toMatch(/whole hour/);
    const long = expectViolation(
      "stats.get",
      { ...stats, end_time: "2019-01-08T01:00:00Z" },
      "end_time",
      "OUT_OF_RANGE",
    );
    expect(long.message).toBe(
      "end_time must be at most 7 days (168 hours) after start_time (got 169 hours)",
    );
    expectViolation(
      "stats.get",
      { ...stats, end_time: stats.start_time },
      "end_time",
      "OUT_OF_RANGE",
    );
    expectViolation("stats.get", { ...stats, entity_ids: ids(21) }, "entity_ids", "TOO_MANY_IDS");
    expectViolation(
      "stats.get",
      { ...stats, metric_groups: "ENGAGEMENT,REVENUE" },
      "metric_groups[1]",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "stats.get",
      { ...stats, granularity: "WEEK" },
      "granularity",
      "INVALID_PARAMETER",
    );
    expectViolation("stats.get", { ...stats, placement: "ALL" }, "placement", "INVALID_PARAMETER");
    const groups = expectViolation(
      "stats.get",
      { ...stats, entity: "ACCOUNT", metric_groups: "BILLING" },
      "metric_groups",
      "INVALID_PARAMETER",
    );
    expect(groups.message).toMatch(/not available for entity ACCOUNT/);
  });

  it("lets a job run 90 days, 45 when segmented, with country or platform where needed", () => {
    const job = { ...stats, end_time: "2019-04-01T00:00:00Z" };
    expectValid("stats.jobs.create", job);
    expectViolation(
      "stats.jobs.create",
      { ...job, end_time: "2019-04-02T00:00:00Z" },
      "end_time",
      "OUT_OF_RANGE",
    );
    expectViolation(
      "stats.jobs.create",
      { ...job, segmentation_type: "AGE" },
      "end_time",
      "OUT_OF_RANGE",
    );
    const segmented = { ...stats, segmentation_type: "REGIONS" };
    expectViolation("stats.jobs.create", segmented, "country", "MISSING_PARAMETER");
    expectValid("stats.jobs.create", { ...segmented, country: "US" });
    expectViolation(
      "stats.jobs.create",
      { ...stats, country: "US" },
      "country",
      "CONFLICTING_PARAMETERS",
    );
    expectViolation(
      "stats.get",
      { ...stats, segmentation_type: "AGE" },
      "segmentation_type",
      "UNKNOWN_PARAMETER",
    );
  });

  it("lists account-level engagement metrics as the reference marks them", () => {
    const names = metricsFor("ACCOUNT", "ENGAGEMENT").map((metric) => metric.name);
    expect(names).toEqual(["impressions", "engagements", "reposts", "replies", "likes", "follows"]);
    expect(METRICS_BY_GROUP.BILLING.map((metric) => metric.kind)).toEqual(["count", "micros"]);
  });

  it("counts synchronous stats apart from jobs and active entities", () => {
    expect(catalog["stats.get"].family).toBe("stats");
    expect(catalog["stats.jobs.create"].family).toBe("stats_jobs");
    expect(catalog["stats.jobs.result"].auth).toBe("none");
  });
});
