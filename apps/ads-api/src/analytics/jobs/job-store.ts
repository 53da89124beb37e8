import type { AppContext } from "../../context.js";
import type { PrismaClient } from "../../db/database.js";
import { newDigitId } from "../../db/ids.js";
import { BadRequestError, ERROR_CODES, NotFoundError, RateLimitError } from "../../errors.js";
import type { Prisma, StatsJob } from "../../generated/prisma/client.js";
import type { Sortable } from "../../paging/keyset-paging.js";
import { runList } from "../../services/list.js";
import type { ListOutcome } from "../../services/list.js";
import { createUnderCap } from "../../services/owner-cap.js";

/** The parameters a job computes (stats.jobs.create's, validated, without account_id). */
export interface JobParams {
  readonly entity: string;
  readonly entity_ids: readonly string[];
  readonly start_time: string;
  readonly end_time: string;
  readonly granularity: string;
  readonly placement: string;
  readonly metric_groups: readonly string[];
  readonly segmentation_type?: string | undefined;
  readonly country?: string | undefined;
  readonly platform?: string | undefined;
}

/** The account's concurrency slots: `X-Concurrent-Job-Limit` and `-Remaining`. */
export interface JobSlots {
  readonly limit: number;
  readonly remaining: number;
}

export function slotHeaders(slots: JobSlots): Record<string, string> {
  return {
    "x-concurrent-job-limit": String(slots.limit),
    "x-concurrent-job-limit-remaining": String(Math.max(0, slots.remaining)),
  };
}

/** A job holds a slot while it is processing (queued jobs are processing here). */
const RUNNING = "PROCESSING";

const runningOf = (db: Pick<PrismaClient, "statsJob">, accountId: string) =>
  db.statsJob.count({ where: { accountId, status: RUNNING } });

export async function jobSlots(ctx: AppContext, accountId: string): Promise<JobSlots> {
  const limit = ctx.limits.statsConcurrentJobs;
  return { limit, remaining: limit - (await runningOf(ctx.prisma, accountId)) };
}

/**
 * Creates a job unless the account already has `statsConcurrentJobs` processing, atomically
 * (owner-cap.ts: concurrent creates, on any replica, never pass the cap). Over it: 429 with
 * the slot headers, naming the limit.
 */
export async function createJob(
  ctx: AppContext,
  input: { accountId: string; userId: string; params: JobParams },
): Promise<{ job: StatsJob; slots: JobSlots }> {
  const limit = ctx.limits.statsConcurrentJobs;
  let held = 0;
  const job = await createUnderCap(ctx.prisma, {
    owner: `stats_job:${input.accountId}`,
    cap: limit,
    held: async (tx) => {
      held = await runningOf(tx, input.accountId);
      return held;
    },
    create: (tx) => {
      const now = ctx.clock();
      return tx.statsJob.create({
        data: {
          id: newDigitId(now.getTime()),
          accountId: input.accountId,
          userId: input.userId,
          params: input.params as unknown as Prisma.InputJsonValue,
          status: RUNNING,
          createdAt: now,
          updatedAt: now,
        },
      });
    },
    refuse: () =>
      new RateLimitError(
        `account ${input.accountId} already has ${limit} analytics jobs processing (the concurrent job limit); wait for one to finish or cancel one`,
        slotHeaders({ limit, remaining: 0 }),
      ),
  });
  return { job, slots: { limit, remaining: limit - held - 1 } };
}

const JOB_SORT: Sortable = { created_at: { field: "createdAt", type: "date" } };

export function listJobs(
  ctx: AppContext,
  accountId: string,
  query: {
    job_ids?: readonly string[] | undefined;
    count?: number | undefined;
    cursor?: string | undefined;
  },
): Promise<ListOutcome<StatsJob>> {
  return runList(ctx, {
    scope: `stats.jobs.list:${accountId}`,
    sortable: JOB_SORT,
    defaultSort: "created_at-desc",
    params: { count: query.count, cursor: query.cursor },
    softDelete: false,
    where: {
      accountId,
      ...(query.job_ids === undefined ? {} : { id: { in: [...query.job_ids] } }),
    },
    findMany: (args) => ctx.prisma.statsJob.findMany(args as Prisma.StatsJobFindManyArgs),
    count: (where) => ctx.prisma.statsJob.count({ where }),
  });
}

/** Cancels a processing job (its worker's result is then dropped); a finished one is refused. */
export async function cancelJob(
  ctx: AppContext,
  accountId: string,
  jobId: string,
): Promise<StatsJob> {
  const now = ctx.clock();
  const updated = await ctx.prisma.statsJob.updateMany({
    where: { id: jobId, accountId, status: RUNNING },
    data: { status: "CANCELLED", leasedUntil: null, leaseOwner: null, updatedAt: now },
  });
  const job = await ctx.prisma.statsJob.findFirst({ where: { id: jobId, accountId } });
  if (job === null)
    throw new NotFoundError(`job ${jobId} does not exist in account ${accountId}`, "job_id");
  if (updated.count === 0) {
    throw BadRequestError.of(
      ERROR_CODES.INVALID_PARAMETER,
      `job ${jobId} is ${job.status}; only a queued or processing job can be cancelled`,
      "job_id",
    );
  }
  return job;
}
