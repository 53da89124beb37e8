import { setTimeout as delay } from "node:timers/promises";
import { LIMITS, fromVendor, statsAnswerSchema } from "@adsgraph/models";
import type { StatsAnswer, StatsJob } from "@adsgraph/models";
import type { RestClient } from "../client/client.js";
import { chunk, mapBounded } from "../client/id-batching.js";
import type { ParamsOf } from "../core/call-types.js";
import {
  REST_CLIENT_ERROR_CODES,
  RestAbortedError,
  RestClientError,
  RestProtocolError,
  RestStatsJobError,
} from "../core/errors.js";
import type { StatsJobFailure } from "../core/errors.js";
import { resultFileOf, trustedResultUrl } from "./result-url.js";

/** One job: `stats.jobs.create`'s parameters without the account. */
export type StatsJobParams = Omit<ParamsOf<"stats.jobs.create">, "account_id">;

export interface RunStatsJobsOptions {
  /** Stops polling, cancels the jobs still pending (best effort) and rejects `RestAbortedError`. */
  readonly signal?: AbortSignal | undefined;
  /** Wait before the first poll (default 2 s); doubled after each poll up to `maxPollIntervalMs`. */
  readonly pollIntervalMs?: number | undefined;
  /** Longest wait between polls (default 30 s). */
  readonly maxPollIntervalMs?: number | undefined;
  /** Longest wait for a wave of jobs (default 15 minutes); then they are cancelled (`TIMED_OUT`). */
  readonly maxWaitMs?: number | undefined;
  /**
   * Origins besides the client's own ads host that result files may be downloaded from (the
   * vendor serves them from a file host, e.g. `https://ton.twimg.com`). Any other url is
   * refused without a request (`RestStatsJobError`, reason `UNTRUSTED_URL`).
   */
  readonly resultOrigins?: readonly string[] | undefined;
  /** Most bytes a result file may decompress to (default: the client's `maxDecompressedBytes`). */
  readonly maxResultBytes?: number | undefined;
  /** Jobs processing at once (default 100, the account's cap); more run in waves. */
  readonly maxConcurrentJobs?: number | undefined;
  /** Parallel creates and downloads (default 4). */
  readonly concurrency?: number | undefined;
  /** Injectable waiting; must reject when `signal` fires. Default: a timer. */
  readonly sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  /** Epoch milliseconds, for `maxWaitMs`. Default `Date.now`. */
  readonly clock?: (() => number) | undefined;
}

const DEFAULTS = {
  pollIntervalMs: 2_000,
  maxPollIntervalMs: 30_000,
  maxWaitMs: 15 * 60_000,
  concurrency: 4,
} as const;
/** Cancelling is best effort and must not hang an abort. */
const CANCEL_TIMEOUT_MS = 10_000;
const FAILED: Readonly<Record<string, StatsJobFailure>> = {
  FAILED: "FAILED",
  CANCELLED: "CANCELLED",
  EXPIRED: "EXPIRED",
};
const LIST_SITE = { endpointId: "stats.jobs.list", method: "GET", path: "/stats/jobs" } as const;

/** A job's id: `id_str` when sent, the id as a string otherwise (a JSON number may be rounded). */
export const jobIdOf = (job: StatsJob): string => job.id_str ?? String(job.id);

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  delay(ms, undefined, signal ? { signal } : undefined);

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) {
    throw new RestClientError(
      REST_CLIENT_ERROR_CODES.INVALID_ARGUMENT,
      `${name} must be a non-negative number (got ${String(value)})`,
    );
  }
  return value;
}

/**
 * Runs stats jobs to their results: creates every job (in waves of at most
 * `maxConcurrentJobs`), polls the pending ones with one `stats.jobs.list` per 200 jobs and a
 * doubling interval, downloads each result file as soon as its job is SUCCESS (only from a
 * trusted origin), gunzips it (capped), checks it against `statsAnswerSchema` and renames
 * vendor keys (`fromVendor`). Answers come in the order of `paramsList`.
 *
 * A job that ends FAILED, CANCELLED or EXPIRED, a wave that outlasts `maxWaitMs`, or an
 * untrusted url rejects with `RestStatsJobError`; an abort with `RestAbortedError`. Either way
 * the jobs still pending are cancelled (best effort) so they free the account's slots.
 */
export async function runStatsJobs(
  client: RestClient,
  accountId: string,
  paramsList: readonly StatsJobParams[],
  options: RunStatsJobsOptions = {},
): Promise<StatsAnswer[]> {
  const settings = {
    pollIntervalMs: nonNegative("pollIntervalMs", options.pollIntervalMs, DEFAULTS.pollIntervalMs),
    maxPollIntervalMs: nonNegative(
      "maxPollIntervalMs",
      options.maxPollIntervalMs,
      DEFAULTS.maxPollIntervalMs,
    ),
    maxWaitMs: nonNegative("maxWaitMs", options.maxWaitMs, DEFAULTS.maxWaitMs),
    concurrency: Math.max(1, nonNegative("concurrency", options.concurrency, DEFAULTS.concurrency)),
    waveSize: Math.max(
      1,
      nonNegative("maxConcurrentJobs", options.maxConcurrentJobs, LIMITS.analytics.concurrentJobs),
    ),
  };
  const results = new Array<StatsAnswer>(paramsList.length);
  let offset = 0;
  for (const wave of chunk(paramsList, settings.waveSize)) {
    const answers = await runWave(client, accountId, wave, options, settings);
    answers.forEach((answer, i) => (results[offset + i] = answer));
    offset += wave.length;
  }
  return results;
}

interface Settings {
  readonly pollIntervalMs: number;
  readonly maxPollIntervalMs: number;
  readonly maxWaitMs: number;
  readonly concurrency: number;
}

async function runWave(
  client: RestClient,
  accountId: string,
  paramsList: readonly StatsJobParams[],
  options: RunStatsJobsOptions,
  settings: Settings,
): Promise<StatsAnswer[]> {
  const { signal } = options;
  const sleep = options.sleep ?? defaultSleep;
  const clock = options.clock ?? Date.now;
  const started = clock();
  /** Job id → position in `paramsList`, for the jobs created and not finished. */
  const pending = new Map<string, number>();
  const results = new Array<StatsAnswer>(paramsList.length);

  const download = async (job: StatsJob, index: number) => {
    const jobId = jobIdOf(job);
    const url = trustedResultUrl(job.url ?? "", client.hosts, options.resultOrigins ?? []);
    if (url === undefined) {
      // Done on the service's side: nothing to cancel.
      pending.delete(jobId);
      throw new RestStatsJobError({
        jobId,
        accountId,
        reason: "UNTRUSTED_URL",
        status: job.status,
      });
    }
    const body = await client.call(
      "stats.jobs.result",
      { result_file: resultFileOf(url) },
      { url, signal, maxDecompressedBytes: options.maxResultBytes },
    );
    const checked = statsAnswerSchema.safeParse(fromVendor(body));
    if (!checked.success) {
      throw new RestProtocolError(
        // The route, not the url: the file name is the capability.
        { endpointId: "stats.jobs.result", method: "GET", path: "/stats/results/:result_file" },
        `answered with a result file of job ${jobId} that is not a stats answer`,
      );
    }
    results[index] = checked.data;
    pending.delete(jobId);
  };

  /** SUCCESS → download; FAILED, CANCELLED, EXPIRED → the typed error; else still pending. */
  const settle = async (jobs: readonly StatsJob[]) => {
    const done: Array<[StatsJob, number]> = [];
    for (const job of jobs) {
      const jobId = jobIdOf(job);
      const index = pending.get(jobId);
      if (index === undefined) continue;
      const failure = FAILED[job.status];
      if (failure !== undefined) {
        pending.delete(jobId);
        throw new RestStatsJobError({ jobId, accountId, reason: failure, status: job.status });
      }
      if (job.status === "SUCCESS") done.push([job, index]);
    }
    await mapBounded(done, settings.concurrency, ([job, index]) => download(job, index));
  };

  try {
    const created = await mapBounded(paramsList, settings.concurrency, async (params, index) => {
      const job = await client.call(
        "stats.jobs.create",
        { ...params, account_id: accountId },
        { signal },
      );
      pending.set(jobIdOf(job.data), index);
      return job.data;
    });
    await settle(created);
    let interval = settings.pollIntervalMs;
    while (pending.size > 0) {
      if (clock() - started + interval > settings.maxWaitMs) {
        const [jobId] = pending.keys();
        throw new RestStatsJobError({
          jobId: jobId ?? "",
          accountId,
          reason: "TIMED_OUT",
          status: "PROCESSING",
        });
      }
      try {
        await sleep(interval, signal);
      } catch {
        throw new RestAbortedError(LIST_SITE);
      }
      interval = Math.min(interval * 2, Math.max(settings.maxPollIntervalMs, 1));
      const ids = [...pending.keys()];
      const lists = await mapBounded(
        chunk(ids, LIMITS.analytics.jobIdsPerList),
        settings.concurrency,
        (part) =>
          client.call(
            "stats.jobs.list",
            { account_id: accountId, job_ids: part, count: part.length },
            { signal },
          ),
      );
      await settle(lists.flatMap((list) => list.data));
    }
    return results;
  } catch (error) {
    await cancelJobs(client, accountId, [...pending.keys()]);
    if (signal?.aborted === true && !(error instanceof RestAbortedError)) {
      throw new RestAbortedError(LIST_SITE);
    }
    throw error;
  }
}

/** Cancels jobs that will not be read (best effort: errors ignored, never the caller's signal). */
async function cancelJobs(client: RestClient, accountId: string, jobIds: readonly string[]) {
  await Promise.allSettled(
    jobIds.map((job_id) =>
      client.call(
        "stats.jobs.delete",
        { account_id: accountId, job_id },
        { timeoutMs: CANCEL_TIMEOUT_MS, retry: { maxRetries: 0 } },
      ),
    ),
  );
}
