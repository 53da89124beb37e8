import type { PrismaClient, Tx } from "../db/database.js";
import type { ActivityEvent as EventRow } from "../generated/prisma/client.js";

/** Rows one INSERT writes at most (PostgreSQL takes 65,535 bind values per statement). */
const INSERT_CHUNK = 10_000;

/**
 * The durable delivery queue of webhooks (issue 18): one `webhook_delivery` row per event and
 * webhook, deleted once delivered or given up. Live deliveries are queued in the transaction
 * that stores their events (a restart loses none); their ids follow the events' ids, so the
 * queue's order per webhook is event-id order.
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
    })),
  );
  for (let start = 0; start < data.length; start += INSERT_CHUNK) {
    await tx.webhookDelivery.createMany({ data: data.slice(start, start + INSERT_CHUNK) });
  }
}

/** A delivery at the head of its webhook's queue, due now. */
export interface DueDelivery {
  readonly id: bigint;
  readonly webhookId: bigint;
  readonly eventId: bigint;
  readonly replayJobId: bigint | null;
  readonly attempts: number;
  readonly nextAttemptAt: Date;
}

/**
 * The first pending delivery of each valid webhook, where it is due, soonest first: only a
 * queue's head is ever tried, so a webhook receives its events in order, and a failing one
 * waits alone (the others' heads are still read). One index probe per webhook.
 */
export async function dueHeads(
  prisma: PrismaClient,
  now: Date,
  limit: number,
): Promise<DueDelivery[]> {
  return prisma.$queryRaw<DueDelivery[]>`
    SELECT d.id, d.webhook_id AS "webhookId", d.event_id AS "eventId",
           d.replay_job_id AS "replayJobId", d.attempts, d.next_attempt_at AS "nextAttemptAt"
    FROM "webhook" w
    CROSS JOIN LATERAL (
      SELECT * FROM "webhook_delivery" e WHERE e.webhook_id = w.id ORDER BY e.id LIMIT 1
    ) d
    WHERE w.valid AND d.next_attempt_at <= ${now}
    ORDER BY d.next_attempt_at, d.id
    LIMIT ${limit}`;
}

/**
 * Takes a due delivery for one attempt: counts the attempt and moves it past `leaseUntil`, if
 * nobody else took it since it was read. Another process (or this one after a crash) sees it
 * again only once the lease ran out.
 */
export async function claim(
  prisma: PrismaClient,
  due: DueDelivery,
  leaseUntil: Date,
): Promise<boolean> {
  const { count } = await prisma.webhookDelivery.updateMany({
    where: { id: due.id, attempts: due.attempts, nextAttemptAt: due.nextAttemptAt },
    data: { attempts: { increment: 1 }, nextAttemptAt: leaseUntil },
  });
  return count === 1;
}

/** Delivered, or given up: the row goes. */
export async function finish(prisma: PrismaClient, id: bigint): Promise<void> {
  await prisma.webhookDelivery.deleteMany({ where: { id } });
}

/** Tried again at `at`. */
export async function retryAt(prisma: PrismaClient, id: bigint, at: Date): Promise<void> {
  await prisma.webhookDelivery.updateMany({ where: { id }, data: { nextAttemptAt: at } });
}

/** An attempt cut short by shutdown: not counted, due again at once (after a restart). */
export async function release(prisma: PrismaClient, id: bigint): Promise<void> {
  await prisma.webhookDelivery.updateMany({
    where: { id },
    data: { attempts: { decrement: 1 }, nextAttemptAt: new Date() },
  });
}
