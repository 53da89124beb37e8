import type { SegmentationType } from "@adsgraph/models";
import { seedOf } from "./hash.js";
import { apportion } from "./integers.js";

/** A segment of a segmented job's answer. */
export interface Segment {
  readonly segment_name: string;
  readonly segment_value: string;
}

type Entry = readonly [name: string, value: string, weight: number];

/**
 * A fixed list per segmentation type (the world holds no targeting, so real segments cannot
 * be derived): plausible names and values with a base weight each. Types that need a country
 * or a platform name their segments after it.
 */
function entries(type: SegmentationType, country: string, platform: string): readonly Entry[] {
  switch (type) {
    case "AGE":
      return [
        ["Age 13 to 24", "AGE_13_TO_24", 3],
        ["Age 25 to 34", "AGE_25_TO_34", 4],
        ["Age 35 to 49", "AGE_35_TO_49", 2],
        ["Age 50 and over", "AGE_OVER_50", 1],
      ];
    case "GENDER":
      return [
        ["Male", "1", 5],
        ["Female", "2", 4],
        ["Unknown", "0", 1],
      ];
    case "PLATFORMS":
      return [
        ["iOS", "0", 4],
        ["Android", "1", 4],
        ["Desktop and laptop computers", "4", 2],
      ];
    case "DEVICES":
      return [
        [`${platform} phone`, `${platform}_PHONE`, 5],
        [`${platform} tablet`, `${platform}_TABLET`, 1],
      ];
    case "PLATFORM_VERSIONS":
      return [
        [`${platform} latest`, `${platform}_LATEST`, 4],
        [`${platform} previous`, `${platform}_PREVIOUS`, 2],
        [`${platform} older`, `${platform}_OLDER`, 1],
      ];
    case "LANGUAGES":
      return [
        ["English", "en", 6],
        ["Spanish", "es", 2],
        ["Japanese", "ja", 2],
        ["French", "fr", 1],
      ];
    case "LOCATIONS":
      return [
        ["United States", "US", 5],
        ["United Kingdom", "GB", 2],
        ["Japan", "JP", 2],
        ["Brazil", "BR", 1],
      ];
    case "REGIONS":
    case "METROS":
    case "POSTAL_CODES":
      return [1, 2, 3].map((n): Entry => [
        `${country} ${type.toLowerCase().replace("_", " ")} ${n}`,
        `${country}-${type}-${n}`,
        4 - n,
      ]);
    case "INTERESTS":
      return [
        ["Technology", "interest-technology", 3],
        ["Sports", "interest-sports", 3],
        ["Music", "interest-music", 2],
        ["Travel", "interest-travel", 1],
      ];
    default:
      return [1, 2, 3].map((n): Entry => [
        `${type.toLowerCase().replaceAll("_", " ")} ${n}`,
        `${type}-${n}`,
        4 - n,
      ]);
  }
}

/** The segments of a type, in answer order. */
export function segmentsOf(
  type: SegmentationType,
  country?: string,
  platform?: string,
): readonly Segment[] {
  return entries(type, country ?? "US", platform ?? "PLATFORM").map(([name, value]) => ({
    segment_name: name,
    segment_value: value,
  }));
}

/**
 * Each segment's weight for one entity: the list's base weight, varied per entity (so two
 * campaigns do not split alike) but fixed over time (so buckets agree).
 */
export function segmentWeights(
  type: SegmentationType,
  entityId: string,
  country?: string,
  platform?: string,
): number[] {
  return entries(type, country ?? "US", platform ?? "PLATFORM").map(
    ([, value, weight]) => weight * (80 + (seedOf(`${entityId}\u0000${value}`) % 41)),
  );
}

/** Splits a vector of integers over weights slot by slot; the shares sum to it exactly. */
export function splitVector(values: Float64Array, weights: readonly number[]): Float64Array[] {
  const shares = weights.map(() => new Float64Array(values.length));
  for (let s = 0; s < values.length; s += 1) {
    const v = values[s] ?? 0;
    if (v === 0) continue;
    apportion(v, weights).forEach((share, k) => {
      (shares[k] as Float64Array)[s] = share;
    });
  }
  return shares;
}
