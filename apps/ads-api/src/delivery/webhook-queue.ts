import type { PrismaClient, Tx } from "../db/database.js";
import type { ActivityEvent as EventRow } from "../generated/prisma/client.js";

/** Rows one INSERT writes at most (PostgreSQL takes 65,535 bind values per statement). */
const INSERT_CHUNK = 10_000;

/**
 * The durable delivery queue of webhooks (issues 18 and 34): one `webhook_delivery` row per event
 * and webhook, kept as the delivery log once delivered or dead. Live deliveries are queued in the
 * transaction that stores their events (a restart loses none); their ids follow the events' ids,
 * so the queue's order per webhook is event-id order.
 */
export async function enqueueDeliveries(tx: Tx, events: readonly EventRow[]): Promise<void> {
  if (events.length === 0) return;
  const hooks = await tx.webhook.findMany({
    where: { appId: { in: [...new Set(events.map((event) => event.appId))] }, valid: true },
    select: { id: true, appId: true },
    orderBy: { id: "asc" },
  });
  if (hooks.length === 0) return;
  const byApp = new Map<string, bigint[]>();
  for (const hook of hooks) byApp.set(hook.appId, [...(byApp.get(hook.appId) ?? []), hook.id]);
  const now = new Date();
  const data = events.flatMap((event) =>
    (byApp.get(event.appId) ?? []).map((webhookId) => ({
      webhookId,
      eventId: event.id,
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
  for (let start = 0; start < data.length; start += INSERT_CHUNK) {
    await tx.webhookDelivery.createMany({ data: data.slice(start, start + INSERT_CHUNK) });
  }
}

/**
 * Valid webhooks with a pending delivery due at `now` (never tried, retry due, or a lease that
 * ran out: an attempt whose process died), the longest-waiting first. One index probe each.
 */
export async function dueWebhooks(
  prisma: PrismaClient,
  now: Date,
  limit: number,
): Promise<bigint[]> {
  const rows = await prisma.$queryRaw<{ id: bigint }[]>`
    SELECT w.id
    FROM "webhook" w
    CROSS JOIN LATERAL (
      SELECT e.next_attempt_at FROM "webhook_delivery" e
      WHERE e.webhook_id = w.id AND e.state = 'pending' AND e.next_attempt_at <= ${now}
      ORDER BY e.next_attempt_at, e.id LIMIT 1
    ) d
    WHERE w.valid
    ORDER BY d.next_attempt_at, w.id
    LIMIT ${limit}`;
  return rows.map((row) => row.id);
}

/** A delivery this process holds for one attempt, until `leasedUntil`. */
export interface ClaimedDelivery {
  readonly id: bigint;
  readonly webhookId: bigint;
  readonly eventId: bigint;
  readonly replayJobId: bigint | null;
  /** Attempts started, this one included. */
  readonly attempts: number;
  readonly leasedUntil: Date;
}

interface ClaimedRow extends ClaimedDelivery {
  readonly dueAt: Date;
}

/**
 * Takes up to `want` due deliveries of one webhook for an attempt each, in queue order (due
 * time, then id: first attempts in event-id order), without passing `perWebhook` attempts in
 * flight to that webhook across every process. The webhook's row is locked for the claim (FOR
 * NO KEY UPDATE, which leaves event writes queuing deliveries for it unblocked), so two
 * processes never count the same free slots; one that finds it locked skips it this round.
 * A claim counts the attempt and moves the row past the lease, so a process killed mid-attempt
 * leaves a row that is due again once the lease ran out.
 */
export async function claimDue(
  prisma: PrismaClient,
  webhookId: bigint,
  options: { now: Date; leaseUntil: Date; perWebhook: number; want: number },
): Promise<ClaimedDelivery[]> {
  const { now, leaseUntil, perWebhook, want } = options;
  const rows = await prisma.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: bigint }[]>`
      SELECT id FROM "webhook" WHERE id = ${webhookId} AND valid
      FOR NO KEY UPDATE SKIP LOCKED`;
    if (locked.length === 0) return [];
    // A held row has next_attempt_at = leased_until, between now and the end of a lease taken
    // now: the range keeps the count off retries scheduled hours ahead.
    const [busy] = await tx.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM "webhook_delivery"
      WHERE webhook_id = ${webhookId} AND state = 'pending'
        AND next_attempt_at > ${now} AND next_attempt_at <= ${leaseUntil}
        AND leased_until > ${now}`;
    const take = Math.min(want, perWebhook - (busy?.n ?? 0));
    if (take <= 0) return [];
    return tx.$queryRaw<ClaimedRow[]>`
      WITH due AS (
        SELECT id, next_attempt_at FROM "webhook_delivery"
        WHERE webhook_id = ${webhookId} AND state = 'pending' AND next_attempt_at <= ${now}
        ORDER BY next_attempt_at, id LIMIT ${take}
      )
      UPDATE "webhook_delivery" d
      SET attempts = d.attempts + 1, next_attempt_at = ${leaseUntil},
          leased_until = ${leaseUntil}, last_attempt_at = ${now}
      FROM due WHERE d.id = due.id
      RETURNING d.id, d.webhook_id AS "webhookId", d.event_id AS "eventId",
        d.replay_job_id AS "replayJobId", d.attempts, d.leased_until AS "leasedUntil",
        due.next_attempt_at AS "dueAt"`;
  });
  return rows
    .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || (a.id < b.id ? -1 : 1))
    .map(({ dueAt: _dueAt, ...claimed }) => claimed);
}

/** What the last attempt of a delivery got: the receiver's status, and why it failed. */
export interface AttemptResult {
  readonly status: number | null;
  /** null when delivered; else this service's words, never the receiver's body. */
  readonly error: string | null;
}

/**
 * Writes an attempt's outcome, only while the row is still this attempt's (pending, same
 * lease): an attempt that outlived its lease leaves the row to whoever took it since.
 */
async function settle(
  prisma: PrismaClient,
  claimed: ClaimedDelivery,
  data: Record<string, unknown>,
): Promise<void> {
  await prisma.webhookDelivery.updateMany({
    where: { id: claimed.id, state: "pending", leasedUntil: claimed.leasedUntil },
    data: { ...data, leasedUntil: null },
  });
}

/** A 2xx answer: delivered, kept in the log until the retention ends. */
export async function markDelivered(
  prisma: PrismaClient,
  claimed: ClaimedDelivery,
  result: AttemptResult,
  at: Date,
): Promise<void> {
  await settle(prisma, claimed, {
    state: "delivered",
    lastStatus: result.status,
    lastError: null,
    nextAttemptAt: at,
    completedAt: at,
  });
}

/** A failed attempt with attempts left: tried again at `retryAt`. */
export async function scheduleRetry(
  prisma: PrismaClient,
  claimed: ClaimedDelivery,
  result: AttemptResult,
  retryAt: Date,
): Promise<void> {
  await settle(prisma, claimed, {
    lastStatus: result.status,
    lastError: result.error,
    nextAttemptAt: retryAt,
  });
}

/** The last attempt failed (or the event is gone): dead, re-driven only by a replay. */
export async function markDead(
  prisma: PrismaClient,
  claimed: ClaimedDelivery,
  result: AttemptResult,
  at: Date,
): Promise<void> {
  await settle(prisma, claimed, {
    state: "dead",
    lastStatus: result.status,
    lastError: result.error,
    nextAttemptAt: at,
    completedAt: at,
  });
}

/**
 * An attempt that did not happen (shutdown cut it short, or the webhook turned invalid): not
 * counted, due again at once (after a restart, or once the webhook is valid again).
 */
export async function release(prisma: PrismaClient, claimed: ClaimedDelivery): Promise<void> {
  await settle(prisma, claimed, {
    attempts: { decrement: 1 },
    nextAttemptAt: new Date(),
  });
}
