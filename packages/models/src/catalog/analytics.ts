import { z } from "zod";
import { countryCode } from "../fields/country-code.js";
import { enumList, idList } from "../fields/lists.js";
import { text } from "../fields/text.js";
import { timestampParam } from "../fields/timestamps.js";
import { LIMITS } from "../limits.js";
import {
  ANALYTICS_ENTITIES,
  ANALYTICS_ENTITY_ALIASES,
  METRIC_GROUPS,
} from "../resources/analytics-metrics.js";
import {
  ANALYTICS_PLACEMENTS,
  GRANULARITIES,
  SEGMENTATION_TYPES,
  activeEntitySchema,
  statsAnswerSchema,
  statsJobSchema,
} from "../resources/analytics.js";
import {
  analyticsRange,
  metricGroupsOfEntity,
  segmentationNeeds,
} from "../rules/analytics-window.js";
import { onWholeHours } from "../rules/time-window.js";
import { digitId } from "../scalars.js";
import { accountPath, pagingParams } from "./common-params.js";
import { endpoint, group } from "./endpoint.js";
import { collection, list, rawJson, single } from "./responses.js";

/**
 * Why these endpoints exist although the spec stops at management: every advertiser reads
 * how its campaigns deliver (issue 36). Paths, parameters and limits follow the vendor's v12
 * analytics reference; bodies the recordings fixtures vendor-sdk/analytics_*.json and
 * active_entities.json (v11).
 */
const BEYOND_SPEC =
  "issue 36: vendor v12 analytics reference (synchronous stats, asynchronous jobs, active entities); bodies from fixtures vendor-sdk/analytics_*.json, active_entities.json (v11)";

/** The entity type; the vendor's PROMOTED_TWEET / ORGANIC_TWEET are read as the spec's words. */
function entityOf<const V extends string>(values: readonly [V, ...V[]]) {
  return z.preprocess(
    (value) =>
      typeof value === "string" && Object.hasOwn(ANALYTICS_ENTITY_ALIASES, value)
        ? ANALYTICS_ENTITY_ALIASES[value as keyof typeof ANALYTICS_ENTITY_ALIASES]
        : value,
    z.enum(values),
  );
}

/** What active_entities reports on: the entities that deliver (not the account or posts). */
const ACTIVE_ENTITY_TYPES = [
  "FUNDING_INSTRUMENT",
  "CAMPAIGN",
  "LINE_ITEM",
  "PROMOTED_POST",
  "PROMOTED_ACCOUNT",
  "MEDIA_CREATIVE",
] as const;

/** What a stats request and a job name: the entities, the range and the metrics. */
const statsQuery = {
  entity: entityOf(ANALYTICS_ENTITIES),
  entity_ids: idList({ max: LIMITS.analytics.entityIds }),
  start_time: timestampParam(),
  end_time: timestampParam(),
  granularity: z.enum(GRANULARITIES),
  metric_groups: enumList(METRIC_GROUPS),
  placement: z.enum(ANALYTICS_PLACEMENTS),
};

const jobPath = { ...accountPath, job_id: digitId };

/** Analytics: beyond the spec (see BEYOND_SPEC). */
export const analyticsEndpoints = group(
  endpoint({
    id: "stats.get",
    method: "GET",
    path: "/stats/accounts/:account_id",
    capability: "campaigns:read",
    summary:
      "Metrics of up to 20 entities of one type over at most 7 days of whole hours, per hour, day or in total.",
    params: { ...accountPath, ...statsQuery },
    rules: [
      onWholeHours("start_time", "end_time"),
      analyticsRange(LIMITS.analytics.syncDays),
      metricGroupsOfEntity,
    ],
    response: rawJson(statsAnswerSchema),
    beyondSpec: BEYOND_SPEC,
  }),
  endpoint({
    id: "stats.jobs.create",
    method: "POST",
    path: "/stats/jobs/accounts/:account_id",
    capability: "campaigns:read",
    family: "stats_jobs",
    summary:
      "Start a job computing metrics over up to 90 days (45 when segmented); at most 100 jobs process at once per account.",
    params: {
      ...accountPath,
      ...statsQuery,
      segmentation_type: z.enum(SEGMENTATION_TYPES).optional(),
      country: countryCode().optional(),
      platform: text({ min: 1, max: LIMITS.adsIdLength }).optional(),
    },
    rules: [
      onWholeHours("start_time", "end_time"),
      analyticsRange(LIMITS.analytics.jobDays),
      metricGroupsOfEntity,
      segmentationNeeds,
    ],
    response: single(statsJobSchema),
    beyondSpec: BEYOND_SPEC,
  }),
  endpoint({
    id: "stats.jobs.list",
    method: "GET",
    path: "/stats/jobs/accounts/:account_id",
    capability: "campaigns:read",
    family: "stats_jobs",
    lookups: [{ param: "job_ids", key: "id" }],
    summary:
      "The account's jobs, newest first, with their status and, once done, the result file's url.",
    params: {
      ...accountPath,
      job_ids: idList({ kind: "digits", max: LIMITS.analytics.jobIdsPerList }).optional(),
      ...pagingParams(),
    },
    response: list(statsJobSchema),
    beyondSpec: BEYOND_SPEC,
  }),
  endpoint({
    id: "stats.jobs.delete",
    method: "DELETE",
    path: "/stats/jobs/accounts/:account_id/:job_id",
    capability: "campaigns:read",
    family: "stats_jobs",
    summary: "Cancel a job that is queued or processing.",
    params: jobPath,
    response: single(statsJobSchema),
    beyondSpec: BEYOND_SPEC,
  }),
  endpoint({
    id: "stats.jobs.result",
    method: "GET",
    path: "/stats/results/:result_file",
    version: null,
    auth: "none",
    family: "stats_jobs",
    summary:
      "A finished job's result: the synchronous answer's body, gzip-compressed; the url is the capability (the vendor serves it from a file host).",
    params: { result_file: text({ min: 1, max: LIMITS.adsIdLength }) },
    response: rawJson(statsAnswerSchema),
    beyondSpec: BEYOND_SPEC,
  }),
  endpoint({
    id: "stats.active_entities.list",
    method: "GET",
    path: "/stats/accounts/:account_id/active_entities",
    capability: "campaigns:read",
    family: "stats_active_entities",
    summary:
      "Entities of one type whose metrics may have changed in a range (up to 90 days), so a client fetches only those.",
    params: {
      ...accountPath,
      entity: entityOf(ACTIVE_ENTITY_TYPES),
      start_time: timestampParam(),
      end_time: timestampParam(),
      funding_instrument_ids: idList().optional(),
      campaign_ids: idList().optional(),
      line_item_ids: idList().optional(),
    },
    rules: [
      onWholeHours("start_time", "end_time"),
      analyticsRange(LIMITS.analytics.activeEntitiesDays),
    ],
    response: collection(activeEntitySchema),
    beyondSpec: BEYOND_SPEC,
  }),
);
