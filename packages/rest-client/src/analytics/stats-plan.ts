import { GRANULARITIES, LIMITS, MS_PER_HOUR } from "@adsgraph/models";
import type { Granularity } from "@adsgraph/models";
import { REST_CLIENT_ERROR_CODES, RestClientError } from "../core/errors.js";

/** The longest synchronous request (7 days): a multiple of 24 h, so DAY buckets stay aligned. */
export const SYNC_WINDOW_HOURS = LIMITS.analytics.syncDays * 24;
const JOB_MAX_HOURS = LIMITS.analytics.jobDays * 24;
const { entityIds: IDS_PER_REQUEST, concurrentJobs: JOBS_AT_ONCE } = LIMITS.analytics;

/** Whole hours, `end` exclusive. */
export interface StatsWindow {
  readonly start: Date;
  readonly end: Date;
}

export interface StatsPlanInput {
  /** Distinct entity ids to fetch (batched by 20 per request). */
  readonly entityCount: number;
  readonly start: Date | string;
  readonly end: Date | string;
  readonly granularity: Granularity;
}

export interface StatsPlan {
  /** `windows`: synchronous `stats.get` per ≤7-day window; `jobs`: one job per batch of ids. */
  readonly strategy: "windows" | "jobs";
  /** Requests of the chosen strategy at the minimum (jobs: one poll per wave of ≤100 jobs). */
  readonly requests: number;
  /** Batches of ≤20 ids. */
  readonly batches: number;
  /** What each strategy would cost, both at the minimum. */
  readonly windowRequests: number;
  readonly jobRequests: number;
  /** Ranges each batch is requested over: ≤7-day windows, or the whole range for jobs. */
  readonly windows: readonly StatsWindow[];
}

function refuse(parameter: string, rule: string): RestClientError {
  return new RestClientError(REST_CLIENT_ERROR_CODES.INVALID_ARGUMENT, `${parameter} ${rule}`);
}

function instant(parameter: string, value: Date | string): number {
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  if (!Number.isFinite(ms)) throw refuse(parameter, "must be a valid date");
  if (ms % MS_PER_HOUR !== 0) throw refuse(parameter, "must be on a whole hour (UTC)");
  return ms;
}

/**
 * The one place that chooses between synchronous windows and jobs for a stats read.
 *
 * - windows: `ceil(hours / 168) × ceil(n / 20)` `stats.get` requests, no waiting;
 * - jobs: per batch of 20 ids one `stats.jobs.create` and one result download, plus at least
 *   one `stats.jobs.list` per wave of ≤100 jobs (the account's concurrent-job cap; one list
 *   polls up to 200 jobs).
 *
 * The fewer requests wins; a tie goes to windows (no waiting, no job slot). So ranges up to
 * 14 days use windows, 15–21 days windows for ≤20 ids and jobs beyond, longer ones jobs.
 */
export function planStatsRequests(input: StatsPlanInput): StatsPlan {
  const { entityCount, granularity } = input;
  if (!Number.isSafeInteger(entityCount) || entityCount < 0) {
    throw refuse("entityCount", "must be a whole number, 0 or more");
  }
  if (!(GRANULARITIES as readonly string[]).includes(granularity)) {
    throw refuse("granularity", `must be one of ${GRANULARITIES.join(", ")}`);
  }
  const start = instant("start", input.start);
  const end = instant("end", input.end);
  const hours = (end - start) / MS_PER_HOUR;
  if (hours <= 0) throw refuse("end", "must be after start");
  if (hours > JOB_MAX_HOURS) {
    throw refuse("end", `must be at most ${LIMITS.analytics.jobDays} days after start`);
  }
  const batches = Math.ceil(entityCount / IDS_PER_REQUEST);
  const windowCount = Math.ceil(hours / SYNC_WINDOW_HOURS);
  const windowRequests = windowCount * batches;
  const jobRequests = batches === 0 ? 0 : 2 * batches + Math.ceil(batches / JOBS_AT_ONCE);
  const strategy = jobRequests < windowRequests ? "jobs" : "windows";
  const windows: StatsWindow[] = [];
  if (strategy === "jobs") {
    windows.push({ start: new Date(start), end: new Date(end) });
  } else {
    for (let from = start; from < end; from += SYNC_WINDOW_HOURS * MS_PER_HOUR) {
      windows.push({
        start: new Date(from),
        end: new Date(Math.min(end, from + SYNC_WINDOW_HOURS * MS_PER_HOUR)),
      });
    }
  }
  return {
    strategy,
    requests: strategy === "jobs" ? jobRequests : windowRequests,
    batches,
    windowRequests,
    jobRequests,
    windows,
  };
}
