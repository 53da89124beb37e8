import { ANALYTICS_PLACEMENTS, GRANULARITIES, METRIC_GROUPS } from "@adsgraph/models";
import type { AnalyticsPlacement, Granularity, MetricGroup } from "@adsgraph/models";
import { builder } from "../../builder.js";
import { closedEnum } from "../common/enums.js";
import { GROUP_DESCRIPTIONS, GROUP_TYPES } from "./metric-groups.js";
import type { GroupShape } from "./metric-groups.js";
import { GROUP_FIELDS } from "./metric-names.js";

/** What `metrics` answers: the range and its buckets, and each group fetched. */
export interface MetricsShape {
  readonly start: string;
  readonly end: string;
  readonly granularity: Granularity;
  readonly placement: AnalyticsPlacement;
  readonly bucketStarts: readonly string[];
  /** The groups fetched and reported for the entity type. */
  readonly groups: Partial<Record<MetricGroup, GroupShape>>;
}

export const MetricsGranularityEnum = closedEnum("MetricsGranularity", {
  description: "How a range is cut into time buckets.",
  values: GRANULARITIES,
  describe: {
    HOUR: "One bucket per hour from the range's start.",
    DAY: "One bucket per 24 hours from the range's start (start at the account's midnight for its local days).",
    TOTAL: "One bucket: the whole range.",
  },
});

export const MetricGroupEnum = closedEnum("MetricGroup", {
  description: "A family of metrics, fetched together.",
  values: METRIC_GROUPS,
  describe: {
    ENGAGEMENT: "Impressions and engagements (`Metrics.engagement`).",
    BILLING: "Billed engagements and spend (`Metrics.billing`).",
    VIDEO: "Video views and plays (`Metrics.video`).",
    MEDIA: "Media views and clicks (`Metrics.media`).",
    WEB_CONVERSION: "Conversions on the website (`Metrics.webConversion`).",
    MOBILE_CONVERSION: "Conversions in the mobile app (`Metrics.mobileConversion`).",
    LIFE_TIME_VALUE_MOBILE_CONVERSION:
      "Lifetime conversions in the mobile app (`Metrics.lifetimeValueMobileConversion`).",
  },
});

export const MetricsPlacementEnum = closedEnum("MetricsPlacement", {
  description: "Where the ads were shown: metrics are reported for one placement at a time.",
  values: ANALYTICS_PLACEMENTS,
  describe: {
    ALL_ON_TWITTER: "On the platform itself: timelines, search, profiles.",
    PUBLISHER_NETWORK: "In the apps and sites of the publisher network.",
    SPOTLIGHT: "In the spotlight on the explore page.",
    TREND: "Among the promoted trends.",
  },
});

export const MetricsRangeInput = builder.inputType("MetricsRangeInput", {
  description:
    "A span of time on whole hours (UTC), its end excluded, at most 90 days long. A range " +
    "that has ended is final: its numbers never change.",
  fields: (t) => ({
    start: t.field({
      type: "DateTime",
      required: true,
      description: "The first hour of the range, on a whole hour (minutes and seconds 0).",
    }),
    end: t.field({
      type: "DateTime",
      required: true,
      description:
        "Where the range ends, excluded: a whole hour after `start`, at most 90 days later.",
    }),
  }),
});

export const MetricsRef = builder.objectRef<MetricsShape>("Metrics").implement({
  description:
    "How an entity delivered over a range: one object per metric group, each metric a " +
    "series over the range's buckets. Hours not yet over count what happened so far.",
  fields: (t) => ({
    start: t.field({
      type: "DateTime",
      description: "The range's start.",
      resolve: (metrics) => metrics.start,
    }),
    end: t.field({
      type: "DateTime",
      description: "The range's end (excluded).",
      resolve: (metrics) => metrics.end,
    }),
    granularity: t.field({
      type: MetricsGranularityEnum,
      description: "How the range is cut into buckets.",
      resolve: (metrics) => metrics.granularity,
    }),
    placement: t.field({
      type: MetricsPlacementEnum,
      description: "Where the ads counted were shown.",
      resolve: (metrics) => metrics.placement,
    }),
    bucketStarts: t.field({
      type: ["DateTime"],
      description: "When each bucket starts, in order: every series has one point per bucket.",
      resolve: (metrics) => metrics.bucketStarts,
    }),
    ...Object.fromEntries(
      METRIC_GROUPS.map((group) => [
        GROUP_FIELDS[group].field,
        t.field({
          type: GROUP_TYPES[group],
          nullable: true,
          description:
            `${GROUP_DESCRIPTIONS[group]} Null when the group was not fetched (not ` +
            "selected, or left out of `metricGroups`) or the entity type does not report it.",
          resolve: (metrics) => metrics.groups[group] ?? null,
        }),
      ]),
    ),
  }),
});
