import { METRICS_BY_GROUP } from "@adsgraph/models";
import type { MetricGroup, MetricSpec } from "@adsgraph/models";

// The graph's names of the analytics table (models' METRICS_BY_GROUP): one place maps a
// metric, a group or a conversion part to its field, so the types and resolvers agree.

/** `card_engagements` → `cardEngagements`, `video_3s100pct_views` → `video3s100pctViews`. */
export function camelCase(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

/** Metric fields renamed for the reader (spend is what a billed charge means). */
const RENAMED: Readonly<Record<string, string>> = { billed_charge_local_micro: "spend" };

/**
 * Prefixes a conversion metric repeats from its group (`WebConversionMetrics.purchases`, not
 * `conversionPurchases`); longest first.
 */
const GROUP_PREFIXES: readonly string[] = [
  "mobile_conversion_lifetime_value_",
  "mobile_conversion_",
  "conversion_",
];

/** The field of a metric in its group's type. */
export function metricField(metric: Pick<MetricSpec, "name">): string {
  const renamed = RENAMED[metric.name];
  if (renamed !== undefined) return renamed;
  const prefix = GROUP_PREFIXES.find((p) => metric.name.startsWith(p));
  return camelCase(prefix === undefined ? metric.name : metric.name.slice(prefix.length));
}

/** Each group's field on `Metrics` and its type's name. */
export const GROUP_FIELDS: { readonly [G in MetricGroup]: { field: string; type: string } } = {
  ENGAGEMENT: { field: "engagement", type: "EngagementMetrics" },
  BILLING: { field: "billing", type: "BillingMetrics" },
  VIDEO: { field: "video", type: "VideoMetrics" },
  MEDIA: { field: "media", type: "MediaMetrics" },
  WEB_CONVERSION: { field: "webConversion", type: "WebConversionMetrics" },
  MOBILE_CONVERSION: { field: "mobileConversion", type: "MobileConversionMetrics" },
  LIFE_TIME_VALUE_MOBILE_CONVERSION: {
    field: "lifetimeValueMobileConversion",
    type: "LifetimeValueMobileConversionMetrics",
  },
};

/** Every conversion part of any breakdown metric, in the table's order (ConversionSeries). */
export const CONVERSION_PARTS: readonly string[] = [
  ...new Set(
    Object.values(METRICS_BY_GROUP).flatMap((metrics) =>
      metrics.flatMap((metric) => metric.parts ?? []),
    ),
  ),
];

/** Whether a part holds money: a sale amount of some metric (the table's `moneyParts`). */
export const MONEY_PARTS: ReadonlySet<string> = new Set(
  Object.values(METRICS_BY_GROUP).flatMap((metrics) =>
    metrics.flatMap((metric) => metric.moneyParts ?? []),
  ),
);

/**
 * Descriptions for the reader: the table's, without its notes on the vendor's own words
 * (the schema speaks one vocabulary).
 */
export function readerDescription(metric: Pick<MetricSpec, "description">): string {
  return metric.description.replace(/\s*\(the vendor's `[^`]*`\)/g, "");
}
