import { gzipSync } from "node:zlib";
import type { AppContext } from "../../context.js";
import { randomToken, sha256Hex } from "../../crypto/tokens.js";
import type { PrismaClient } from "../../db/database.js";
import type { StatsQuery } from "../simulation/index.js";
import { computeStats } from "../stats-service.js";
import type { JobParams } from "./job-store.js";

/** A job this process holds until `leasedUntil`. */
interface ClaimedJob {
  readonly id: string;
  readonly accountId: string;
  readonly params: JobParams;
  readonly attempts: number;
  readonly leasedUntil: Date;
}

/** Attempts before a job whose computation keeps failing is FAILED. */
const MAX_ATTEMPTS = 3;
/** Expired results' bytes are dropped at most this often. */
const PRUNE_EVERY_MS = 60_000;

/**
 * Takes the oldest processing job nobody holds (or whose holder's lease ran out: a process
 * killed mid-job), counting the attempt. SKIP LOCKED: two replicas never take the same one.
 * Leases run on the wall clock (they are about processes), resource times on the service clock.
 */
async function claimNext(
  prisma: PrismaClient,
  owner: string,
  leaseMs: number,
): Promise<ClaimedJob | undefined> {
  const now = new Date();
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const rows = await prisma.$queryRaw<{ id: string }[]>`
    UPDATE "stats_job" j
    SET leased_until = ${leaseUntil}, lease_owner = ${owner}, attempts = j.attempts + 1
    WHERE j.id = (
      SELECT id FROM "stats_job"
      WHERE status = 'PROCESSING' AND (leased_until IS NULL OR leased_until <= ${now})
      ORDER BY created_at, id LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING j.id`;
  const id = rows[0]?.id;
  if (id === undefined) return undefined;
  // Read through the client: column types as Prisma maps them on either engine.
  const job = await prisma.statsJob.findUnique({ where: { id } });
  if (job?.leasedUntil == null || job.leaseOwner !== owner) return undefined;
  return {
    id,
    accountId: job.accountId,
    params: job.params as unknown as JobParams,
    attempts: job.attempts,
    leasedUntil: job.leasedUntil,
  };
}

/**
 * Computes analytics jobs (issue 36) inside the ads-api process, started and closed with the
 * server, one job at a time. Woken by a create on this process, it also reads the queue every
 * `statsJobPollMs` (jobs created on other replicas, leases run out). A job is written once:
 * the result, its token's hash and sealed token and the SUCCESS status in one statement, only
 * while this process still holds the lease and the job is still processing (a cancelled job's
 * result is dropped). The result is computed at processing time and frozen: open hours change.
 */
export class StatsJobWorker {
  readonly #ctx: () => AppContext;
  readonly #owner: string;
  #running: Promise<void> | undefined;
  #closed = false;
  #wake: (() => void) | undefined;
  #lastPrune = 0;

  /** `ctx`: read lazily (the context holds the worker). */
  constructor(ctx: () => AppContext, owner: string) {
    this.#ctx = ctx;
    this.#owner = owner;
  }

  start(): void {
    if (this.#running !== undefined) return;
    this.#running = this.#loop();
  }

  wake(): void {
    const resolve = this.#wake;
    this.#wake = undefined;
    resolve?.();
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.wake();
    await this.#running;
  }

  async #loop(): Promise<void> {
    while (this.#open()) {
      try {
        await this.#prune();
        while (this.#open() && (await this.#runOne())) {
          // next job
        }
      } catch {
        // A store failure (the database restarting): the next poll tries again.
      }
      if (this.#open()) await this.#sleep(this.#ctx().limits.statsJobPollMs);
    }
  }

  /** A method, not the field: `close()` flips it while the loop awaits. */
  #open(): boolean {
    return !this.#closed;
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#wake = undefined;
        resolve();
      }, ms);
      this.#wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** Processes one job; false when none was free. */
  async #runOne(): Promise<boolean> {
    const ctx = this.#ctx();
    const claimed = await claimNext(ctx.prisma, this.#owner, ctx.limits.statsJobLeaseMs);
    if (claimed === undefined) return false;
    // Not cut short by a wake-up: the delay stands for the job's own computing time.
    const delay = ctx.limits.statsJobDelayMs;
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    if (this.#closed) return false;
    const held = {
      id: claimed.id,
      status: "PROCESSING",
      leaseOwner: this.#owner,
      leasedUntil: claimed.leasedUntil,
    };
    try {
      const account = await ctx.prisma.account.findUniqueOrThrow({
        where: { id: claimed.accountId },
      });
      const { params } = claimed;
      const answer = await computeStats(ctx, account, params as unknown as StatsQuery, {
        account_id: claimed.accountId,
        ...params,
      });
      const token = randomToken(24);
      const now = ctx.clock();
      // Raw, with the bytes as base64 decoded by the database: the PGlite adapter does not
      // pass a Buffer through as bytea. One statement: the job is done once, or not at all.
      const result = gzipSync(JSON.stringify(answer)).toString("base64");
      await ctx.prisma.$executeRaw`
        UPDATE "stats_job"
        SET status = 'SUCCESS', result = decode(${result}, 'base64'),
          result_token_hash = ${sha256Hex(token)}, result_token_sealed = ${ctx.box.seal(token)},
          expires_at = ${new Date(now.getTime() + ctx.limits.statsResultTtlMs)},
          updated_at = ${now}, leased_until = NULL, lease_owner = NULL
        WHERE id = ${claimed.id} AND status = 'PROCESSING' AND lease_owner = ${this.#owner}
          AND leased_until = ${claimed.leasedUntil}`;
    } catch (error) {
      // Retried by the next poll (the lease released), FAILED after MAX_ATTEMPTS. Only the
      // error's name: a driver's message may quote the connection.
      process.emitWarning(
        `ads-api: analytics job ${claimed.id} failed (attempt ${claimed.attempts}: ${error instanceof Error ? error.name : "error"})`,
      );
      await ctx.prisma.statsJob.updateMany({
        where: held,
        data:
          claimed.attempts >= MAX_ATTEMPTS
            ? { status: "FAILED", updatedAt: ctx.clock(), leasedUntil: null, leaseOwner: null }
            : { leasedUntil: null, leaseOwner: null },
      });
    }
    return true;
  }

  /** Drops the bytes of results past their expiry (the job stays, EXPIRED). */
  async #prune(): Promise<void> {
    const now = Date.now();
    if (now - this.#lastPrune < PRUNE_EVERY_MS) return;
    this.#lastPrune = now;
    const ctx = this.#ctx();
    await ctx.prisma.statsJob.updateMany({
      where: { status: "SUCCESS", expiresAt: { lte: ctx.clock() }, NOT: { result: null } },
      data: { result: null },
    });
  }
}
