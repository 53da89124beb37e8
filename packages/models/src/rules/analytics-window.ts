import { ruleIssue } from "../fields/issue.js";
import { LIMITS } from "../limits.js";
import type { AnalyticsEntity, MetricGroup } from "../resources/analytics-metrics.js";
import { ANALYTICS_ENTITIES, metricGroupsFor } from "../resources/analytics-metrics.js";
import type { SegmentationType } from "../resources/analytics.js";
import { SEGMENTATION_NEEDS_COUNTRY, SEGMENTATION_NEEDS_PLATFORM } from "../resources/analytics.js";
import { HOURS_PER_DAY, MS_PER_DAY, parseTimestamp } from "../timestamp.js";
import { VIOLATION_CODES } from "../violations.js";
import type { Rule } from "./context.js";

const asDate = (value: unknown): Date | null =>
  typeof value === "string" ? parseTimestamp(value) : null;

/**
 * Analytics ranges (vendor v12 reference): end_time after start_time and at most `maxDays`
 * later; a segmented job at most `LIMITS.analytics.segmentedJobDays`.
 */
export function analyticsRange(maxDays: number): Rule {
  return (params, ctx) => {
    const start = asDate(params.start_time);
    const end = asDate(params.end_time);
    if (start === null || end === null) return;
    const days = (end.getTime() - start.getTime()) / MS_PER_DAY;
    const segmented = typeof params.segmentation_type === "string";
    const limit = segmented ? Math.min(maxDays, LIMITS.analytics.segmentedJobDays) : maxDays;
    if (days <= 0) {
      ruleIssue(
        ctx,
        VIOLATION_CODES.OUT_OF_RANGE,
        ["end_time"],
        "end_time must be after start_time",
      );
    } else if (days > limit) {
      ruleIssue(
        ctx,
        VIOLATION_CODES.OUT_OF_RANGE,
        ["end_time"],
        `end_time must be at most ${limit} days (${limit * HOURS_PER_DAY} hours) after start_time${segmented ? " for a segmented job" : ""} (got ${Math.ceil(days * HOURS_PER_DAY)} hours)`,
      );
    }
  };
}

const isEntity = (value: unknown): value is AnalyticsEntity =>
  typeof value === "string" && (ANALYTICS_ENTITIES as readonly string[]).includes(value);

/** metric_groups the entity type reports (reference: ACCOUNT has ENGAGEMENT only, ...). */
export const metricGroupsOfEntity: Rule = (params, ctx) => {
  const entity = params.entity;
  const groups = params.metric_groups;
  if (!isEntity(entity) || !Array.isArray(groups)) return;
  const allowed = metricGroupsFor(entity);
  const refused = groups.filter((group) => !allowed.includes(group as MetricGroup));
  if (refused.length > 0) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.INVALID_PARAMETER,
      ["metric_groups"],
      `metric_groups ${refused.join(", ")} not available for entity ${entity} (it reports ${allowed.join(", ")})`,
    );
  }
};

/** Segmentations that break out by region or device need `country` or `platform`. */
export const segmentationNeeds: Rule = (params, ctx) => {
  const type = params.segmentation_type as SegmentationType | undefined;
  if (typeof type !== "string") {
    for (const name of ["country", "platform"] as const) {
      if (params[name] !== undefined) {
        ruleIssue(
          ctx,
          VIOLATION_CODES.CONFLICTING_PARAMETERS,
          [name],
          `${name} is only taken with a segmentation_type that needs it`,
        );
      }
    }
    return;
  }
  if (SEGMENTATION_NEEDS_COUNTRY.includes(type) && params.country === undefined) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.MISSING_PARAMETER,
      ["country"],
      `country is required with segmentation_type ${type}`,
    );
  }
  if (SEGMENTATION_NEEDS_PLATFORM.includes(type) && params.platform === undefined) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.MISSING_PARAMETER,
      ["platform"],
      `platform is required with segmentation_type ${type}`,
    );
  }
};
