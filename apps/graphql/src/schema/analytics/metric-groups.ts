import { METRICS_BY_GROUP } from "@adsgraph/models";
import type { MetricGroup, MetricSpec, MetricValue } from "@adsgraph/models";
import type { ObjectRef } from "@pothos/core";
import { builder } from "../../builder.js";
import type { Types } from "../../builder.js";
import { GROUP_FIELDS, metricField, readerDescription } from "./metric-names.js";
import {
  conversionOf,
  ConversionSeriesRef,
  CountSeriesRef,
  MoneySeriesRef,
  valuesOf,
} from "./metric-series.js";
import type { ConversionShape, SeriesShape } from "./metric-series.js";

/** One group's answer for one entity: what its type's fields read. */
export interface GroupShape {
  /** The answer's metrics of this group, by the table's name. */
  readonly metrics: Readonly<Record<string, MetricValue>>;
  /** The metrics the entity type reports (others answer null). */
  readonly reported: ReadonlySet<string>;
  readonly starts: readonly string[];
  /** The currency of its money; null when unknown (the entity reports no money). */
  readonly currency: string | null;
}

export const GROUP_DESCRIPTIONS: { readonly [G in MetricGroup]: string } = {
  ENGAGEMENT: "How often the entity was shown and how people engaged with it.",
  BILLING: "What was billed: billed engagements and the spend.",
  VIDEO: "How the videos of the entity's ads were watched.",
  MEDIA: "How the media (videos, images, GIFs) of the entity's ads were seen and clicked.",
  WEB_CONVERSION: "Conversions on the advertiser's website, by attribution.",
  MOBILE_CONVERSION: "Conversions in the advertiser's mobile app, by attribution.",
  LIFE_TIME_VALUE_MOBILE_CONVERSION:
    "Conversions in the advertiser's mobile app over each person's lifetime, by attribution.",
};

const series = (group: GroupShape, metric: MetricSpec, money: boolean): SeriesShape | null => {
  if (!group.reported.has(metric.name)) return null;
  const value = group.metrics[metric.name];
  return {
    starts: group.starts,
    values: valuesOf(Array.isArray(value) ? value : null, group.starts.length),
    currency: money ? group.currency : null,
  };
};

const conversion = (group: GroupShape, metric: MetricSpec): ConversionShape | null =>
  group.reported.has(metric.name)
    ? conversionOf(group.metrics[metric.name], metric.parts ?? [], group.starts, group.currency)
    : null;

const NOT_REPORTED = "Null when the entity type does not report it.";

/** The type of one group: a field per metric of the table, described from it. */
function groupType(group: MetricGroup): ObjectRef<Types, GroupShape> {
  return builder.objectRef<GroupShape>(GROUP_FIELDS[group].type).implement({
    description: GROUP_DESCRIPTIONS[group],
    fields: (t) =>
      Object.fromEntries(
        METRICS_BY_GROUP[group].map((metric) => {
          const description = `${readerDescription(metric)} ${NOT_REPORTED}`;
          return [
            metricField(metric),
            metric.kind === "breakdown"
              ? t.field({
                  type: ConversionSeriesRef,
                  nullable: true,
                  description,
                  resolve: (shape) => conversion(shape, metric),
                })
              : metric.kind === "micros"
                ? t.field({
                    type: MoneySeriesRef,
                    nullable: true,
                    description: `${description} In the currency of the entity's campaign.`,
                    resolve: (shape) => series(shape, metric, true),
                  })
                : t.field({
                    type: CountSeriesRef,
                    nullable: true,
                    description,
                    resolve: (shape) => series(shape, metric, false),
                  }),
          ];
        }),
      ),
  });
}

/** Every group's type, made from the table. */
export const GROUP_TYPES: { readonly [G in MetricGroup]: ObjectRef<Types, GroupShape> } = {
  ENGAGEMENT: groupType("ENGAGEMENT"),
  BILLING: groupType("BILLING"),
  VIDEO: groupType("VIDEO"),
  MEDIA: groupType("MEDIA"),
  WEB_CONVERSION: groupType("WEB_CONVERSION"),
  MOBILE_CONVERSION: groupType("MOBILE_CONVERSION"),
  LIFE_TIME_VALUE_MOBILE_CONVERSION: groupType("LIFE_TIME_VALUE_MOBILE_CONVERSION"),
};
