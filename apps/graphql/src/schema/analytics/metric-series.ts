import type { MetricValue } from "@adsgraph/models";
import { builder } from "../../builder.js";
import { MoneyRef, type MoneyShape } from "../common/scalars.js";
import { camelCase, CONVERSION_PARTS, MONEY_PARTS } from "./metric-names.js";

/** One metric's values over the buckets of a range (zeros where the service had none). */
export interface SeriesShape {
  readonly starts: readonly string[];
  readonly values: readonly number[];
  /** The currency of money values; null for counts. */
  readonly currency: string | null;
}

/** A conversion metric's parts, each a series (null: the metric has no such part). */
export interface ConversionShape {
  readonly starts: readonly string[];
  readonly parts: Readonly<Record<string, readonly number[] | null>>;
  readonly currency: string | null;
}

/** Bucket values as numbers, zeros where the answer has none (null: nothing happened). */
export function valuesOf(
  value: readonly (number | null)[] | null | undefined,
  length: number,
): number[] {
  return Array.from({ length }, (_unused, index) => value?.[index] ?? 0);
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

const moneyOf = (micros: number, currency: string): MoneyShape => ({ micros, currency });

export const CountPointRef = builder
  .objectRef<{ start: string; value: number }>("CountPoint")
  .implement({
    description: "How many in one time bucket.",
    fields: (t) => ({
      start: t.field({
        type: "DateTime",
        description:
          "When the bucket starts; it lasts until the next bucket's start (or the range's end).",
        resolve: (point) => point.start,
      }),
      value: t.float({
        description: "How many in the bucket: a whole number (a Float only to pass 2^31).",
        resolve: (point) => point.value,
      }),
    }),
  });

export const CountSeriesRef = builder.objectRef<SeriesShape>("CountSeries").implement({
  description: "A count over a range: its total and one point per time bucket.",
  fields: (t) => ({
    total: t.float({
      description: "The sum over the whole range: a whole number (a Float only to pass 2^31).",
      resolve: (series) => sum(series.values),
    }),
    points: t.field({
      type: [CountPointRef],
      description: "One point per bucket, in time order (the same buckets as `bucketStarts`).",
      resolve: (series) =>
        series.values.map((value, index) => ({ start: series.starts[index] ?? "", value })),
    }),
  }),
});

export const MoneyPointRef = builder
  .objectRef<{ start: string; value: MoneyShape }>("MoneyPoint")
  .implement({
    description: "An amount of money in one time bucket.",
    fields: (t) => ({
      start: t.field({
        type: "DateTime",
        description:
          "When the bucket starts; it lasts until the next bucket's start (or the range's end).",
        resolve: (point) => point.start,
      }),
      value: t.field({
        type: MoneyRef,
        description: "The amount in the bucket, in the currency of the entity's campaign.",
        resolve: (point) => point.value,
      }),
    }),
  });

export const MoneySeriesRef = builder.objectRef<SeriesShape>("MoneySeries").implement({
  description: "An amount of money over a range: its total and one point per time bucket.",
  fields: (t) => ({
    total: t.field({
      type: MoneyRef,
      description: "The sum over the whole range.",
      resolve: (series) => moneyOf(sum(series.values), series.currency ?? ""),
    }),
    points: t.field({
      type: [MoneyPointRef],
      description: "One point per bucket, in time order (the same buckets as `bucketStarts`).",
      resolve: (series) =>
        series.values.map((value, index) => ({
          start: series.starts[index] ?? "",
          value: moneyOf(value, series.currency ?? ""),
        })),
    }),
  }),
});

/** What each conversion part counts, for its field's description. */
const PART_DESCRIPTIONS: Readonly<Record<string, string>> = {
  metric: "Conversions of any attribution.",
  assisted: "Conversions the ad assisted without being the last touch.",
  post_engagement: "Conversions after someone engaged with the promoted post.",
  post_view: "Conversions after someone only saw the promoted post.",
  order_quantity: "Items ordered.",
  order_quantity_engagement: "Items ordered after an engagement.",
  order_quantity_view: "Items ordered after a view.",
  sale_amount: "The value of the sales.",
  sale_amount_engagement: "The value of the sales after an engagement.",
  sale_amount_view: "The value of the sales after a view.",
};

/** The series of one part: money in the entity's currency, or a count. */
function partSeries(conversion: ConversionShape, part: string): SeriesShape | null {
  const values = conversion.parts[part];
  if (values === undefined || values === null) return null;
  return {
    starts: conversion.starts,
    values,
    currency: MONEY_PARTS.has(part) ? conversion.currency : null,
  };
}

export const ConversionSeriesRef = builder
  .objectRef<ConversionShape>("ConversionSeries")
  .implement({
    description:
      "A conversion over a range, broken down by how it is attributed; a part the conversion " +
      "does not report is null.",
    fields: (t) =>
      Object.fromEntries(
        CONVERSION_PARTS.map((part) => {
          const description = `${PART_DESCRIPTIONS[part] ?? "A part of the conversion."} Null when this conversion has no such part.`;
          return [
            camelCase(part),
            MONEY_PARTS.has(part)
              ? t.field({
                  type: MoneySeriesRef,
                  nullable: true,
                  description,
                  resolve: (conversion) => partSeries(conversion, part),
                })
              : t.field({
                  type: CountSeriesRef,
                  nullable: true,
                  description,
                  resolve: (conversion) => partSeries(conversion, part),
                }),
          ];
        }),
      ),
  });

/** One breakdown metric's answer as parts: zeros for a part the answer has as null. */
export function conversionOf(
  value: MetricValue | undefined,
  parts: readonly string[],
  starts: readonly string[],
  currency: string | null,
): ConversionShape {
  const object = value !== null && value !== undefined && !Array.isArray(value) ? value : {};
  return {
    starts,
    currency,
    parts: Object.fromEntries(parts.map((part) => [part, valuesOf(object[part], starts.length)])),
  };
}
