import type { StatsJob as StatsJobWire } from "@adsgraph/models";
import type { SecretBox } from "@adsgraph/storage";
import type { StatsJob } from "../../generated/prisma/client.js";
import type { Presented } from "../../services/presented.js";
import { ts, tsOrNull } from "../../services/time.js";
import type { JobParams } from "./job-store.js";

/** The result file's name: `<job id>-<token>.json.gz` (the catalog's `result_file`). */
export const resultFileOf = (jobId: string, token: string): string => `${jobId}-${token}.json.gz`;

/** A finished job past its expiry is EXPIRED: its file is gone (404). */
export function statusOf(job: StatsJob, now: Date): string {
  if (job.status === "SUCCESS" && job.expiresAt !== null && job.expiresAt <= now) return "EXPIRED";
  return job.status;
}

/**
 * A job as the vendor's v12 reference shows it; a SUCCESS job carries the absolute url of its
 * result on `origin` (the host the request came to) until it expires.
 */
export function presentJob(
  job: StatsJob,
  options: { origin: string; box: SecretBox; now: Date },
): Presented<StatsJobWire> {
  const params = job.params as unknown as JobParams;
  const status = statusOf(job, options.now);
  const url =
    status === "SUCCESS" && job.resultTokenSealed !== null
      ? `${options.origin}/stats/results/${resultFileOf(job.id, options.box.open(job.resultTokenSealed))}`
      : null;
  return {
    id: job.id,
    id_str: job.id,
    account_id: job.accountId,
    status,
    entity: params.entity,
    entity_ids: [...params.entity_ids],
    start_time: params.start_time,
    end_time: params.end_time,
    granularity: params.granularity,
    placement: params.placement,
    metric_groups: [...params.metric_groups],
    segmentation_type: params.segmentation_type ?? null,
    country: params.country ?? null,
    platform: params.platform ?? null,
    url,
    expires_at: status === "SUCCESS" || status === "EXPIRED" ? tsOrNull(job.expiresAt) : null,
    created_at: ts(job.createdAt),
    updated_at: ts(job.updatedAt),
  };
}
