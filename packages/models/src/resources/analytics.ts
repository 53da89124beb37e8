import { z } from "zod";
import { adsId, openEnum, timestamp } from "../scalars.js";
import { requestEchoSchema } from "../envelopes.js";

/**
 * Analytics answers (vendor v12 reference; beyond the spec, issue 36). The schemas accept the
 * recorded v11 bodies (fixtures vendor-sdk/analytics_*.json, active_entities.json) after the
 * key mapping of vendor-names.ts, and keep fields they do not name.
 */

export const GRANULARITIES = ["HOUR", "DAY", "TOTAL"] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** `placement`: one per request (the reference: a request per placement). */
export const ANALYTICS_PLACEMENTS = [
  "ALL_ON_TWITTER",
  "PUBLISHER_NETWORK",
  "SPOTLIGHT",
  "TREND",
] as const;
export type AnalyticsPlacement = (typeof ANALYTICS_PLACEMENTS)[number];

/** Async jobs only; the ones marked need `country` or `platform` (reference). */
export const SEGMENTATION_TYPES = [
  "AGE",
  "APP_STORE_CATEGORY",
  "AUDIENCES",
  "CONVERSATIONS",
  "CONVERSION_TAGS",
  "DEVICES",
  "EVENTS",
  "GENDER",
  "INTERESTS",
  "KEYWORDS",
  "LANGUAGES",
  "LOCATIONS",
  "METROS",
  "PLATFORMS",
  "PLATFORM_VERSIONS",
  "POSTAL_CODES",
  "REGIONS",
  "SIMILAR_TO_FOLLOWERS_OF_USER",
  "TV_SHOWS",
] as const;
export type SegmentationType = (typeof SEGMENTATION_TYPES)[number];
export const SEGMENTATION_NEEDS_COUNTRY: readonly SegmentationType[] = [
  "METROS",
  "POSTAL_CODES",
  "REGIONS",
];
export const SEGMENTATION_NEEDS_PLATFORM: readonly SegmentationType[] = [
  "DEVICES",
  "PLATFORM_VERSIONS",
];

export const JOB_STATUSES = [
  "QUEUED",
  "PROCESSING",
  "SUCCESS",
  "FAILED",
  "EXPIRED",
  "CANCELLED",
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** One bucket's values: an integer per bucket, null where the service has none. */
const series = z.array(z.number().int().nullable());
/** A metric: null (no data or not reported), an array, or an object of arrays (conversions). */
export const metricValueSchema = z.union([
  z.null(),
  series,
  z.record(z.string(), series.nullable()),
]);
export type MetricValue = z.output<typeof metricValueSchema>;

export const statsSegmentSchema = z.looseObject({
  segment_name: z.string().optional(),
  segment_value: z.string().optional(),
});

export const statsIdDataSchema = z.looseObject({
  segment: statsSegmentSchema.nullable(),
  metrics: z.record(z.string(), metricValueSchema),
});

export const statsEntrySchema = z.looseObject({
  /** The entity's id (an account, campaign, ... id; a post id for posts). */
  id: z.string(),
  id_data: z.array(statsIdDataSchema),
});
export type StatsEntry = z.output<typeof statsEntrySchema>;

/**
 * The body of a synchronous stats answer, and of a job's result file: `time_series_length`
 * buckets per metric (1 for TOTAL).
 */
export const statsAnswerSchema = z.looseObject({
  data_type: z.literal("stats"),
  time_series_length: z.number().int().nonnegative(),
  data: z.array(statsEntrySchema),
  request: requestEchoSchema,
});
export type StatsAnswer = z.output<typeof statsAnswerSchema>;

/**
 * A job's id. The recordings repeat the key (a digit string, then the same as a JSON number,
 * which JSON.parse keeps, already rounded past 2^53); this service sends the digit string in
 * `id` and `id_str`. A number is accepted as recorded and never trusted to be exact: read
 * `id_str` when present.
 */
const jobId = z.union([z.string().regex(/^\d+$/, "must be a string of digits"), z.number()]);

export const statsJobSchema = z.looseObject({
  id: jobId,
  id_str: z.string().optional(),
  account_id: adsId,
  status: openEnum(JOB_STATUSES),
  entity: z.string(),
  entity_ids: z.array(z.string()),
  start_time: timestamp,
  end_time: timestamp,
  granularity: z.string(),
  placement: z.string(),
  metric_groups: z.array(z.string()),
  segmentation_type: z.string().nullable(),
  country: z.string().nullable(),
  platform: z.string().nullable(),
  /** The gzip result file, once `status` is SUCCESS; null before. */
  url: z.string().nullable(),
  expires_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type StatsJob = z.output<typeof statsJobSchema>;

export const activeEntitySchema = z.looseObject({
  entity_id: adsId,
  activity_start_time: timestamp,
  activity_end_time: timestamp,
  placements: z.array(z.string()),
});
export type ActiveEntity = z.output<typeof activeEntitySchema>;

/** `{data_type: "active_entities", request, data[]}` (no paging). */
export const activeEntitiesAnswerSchema = z.looseObject({
  data_type: z.literal("active_entities").optional(),
  request: requestEchoSchema,
  data: z.array(activeEntitySchema),
});
