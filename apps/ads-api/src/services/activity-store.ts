import type { ActivitySubscription } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import type { PrismaClient } from "../db/database.js";
import { ERROR_CODES, ForbiddenError, NotFoundError } from "../errors.js";
import type {
  ActivityEvent as EventRow,
  ActivitySubscription as SubscriptionRow,
  Prisma,
} from "../generated/prisma/client.js";
import { matchAction, payloadOf, usersOf } from "./activity-actions.js";
import type { ActivityAction } from "./activity-actions.js";
import { createUnderCap } from "./owner-cap.js";
import { ts } from "./time.js";
import { enqueueDeliveries } from "../delivery/webhook-queue.js";
import type { Presented } from "./presented.js";

/** The largest id PostgreSQL's BIGINT holds: a `since_id` past it has nothing after it. */
const MAX_BIGINT = 9_223_372_036_854_775_807n;

/** Key of the transaction-level advisory lock every event write takes (ids commit in order). */
const EVENT_WRITE_LOCK = 18_000_018;

export function subscriptionOf(row: SubscriptionRow): Presented<ActivitySubscription> {
  return {
    subscription_id: row.id.toString(),
    event_type: row.eventType as ActivitySubscription["event_type"],
    filter: {
      ...(row.userId === null ? {} : { user_id: row.userId }),
      ...(row.keyword === null ? {} : { keyword: row.keyword }),
      ...(row.direction === null
        ? {}
        : { direction: row.direction as "sent" | "received" | "both" }),
    },
    created_at: ts(row.createdAt),
  };
}

export interface NewSubscription {
  readonly eventType: string | undefined;
  readonly userId: string | undefined;
  readonly keyword: string | undefined;
  readonly direction: string | undefined;
}

/**
 * Subscribes an app; at most `limits.activitySubscriptionsPerApp` (403 past it), counted and
 * inserted under the app's cap lock so that concurrent creates end exactly at the cap.
 */
export async function createSubscription(
  ctx: AppContext,
  appId: string,
  wanted: NewSubscription,
): Promise<ActivitySubscription> {
  const cap = ctx.limits.activitySubscriptionsPerApp;
  const row = await createUnderCap(ctx.prisma, {
    owner: `activity_subscription:${appId}`,
    cap,
    held: (tx) => tx.activitySubscription.count({ where: { appId } }),
    create: (tx) =>
      tx.activitySubscription.create({
        data: {
          appId,
          eventType: wanted.eventType ?? null,
          userId: wanted.userId ?? null,
          keyword: wanted.keyword ?? null,
          direction: wanted.direction ?? null,
          createdAt: ctx.clock(),
        },
      }),
    refuse: () =>
      new ForbiddenError(
        ERROR_CODES.UNAUTHORIZED_ACCESS,
        `an app may hold at most ${cap} activity subscriptions; delete one first`,
      ),
  });
  return subscriptionOf(row);
}

export async function listSubscriptions(
  prisma: PrismaClient,
  appId: string,
): Promise<ActivitySubscription[]> {
  const rows = await prisma.activitySubscription.findMany({
    where: { appId },
    orderBy: { id: "asc" },
  });
  return rows.map(subscriptionOf);
}

/** Deletes one of the app's subscriptions (another app's is 404 like a missing one). */
export async function deleteSubscription(
  prisma: PrismaClient,
  appId: string,
  subscriptionId: string,
): Promise<ActivitySubscription> {
  const id = BigInt(subscriptionId);
  const row =
    id > MAX_BIGINT ? null : await prisma.activitySubscription.findFirst({ where: { id, appId } });
  if (row === null) {
    throw new NotFoundError(`subscription ${subscriptionId} does not exist`, "subscription_id");
  }
  await prisma.activitySubscription.delete({ where: { id } });
  return subscriptionOf(row);
}

/** One stored event: its app, id, the user it is for and the index of the action it came from. */
export interface RecordedEvent {
  readonly appId: string;
  readonly id: string;
  readonly forUserId: string;
  readonly action: number;
}

/** What simulated actions stored, in id order. */
export interface RecordedAction {
  readonly events: RecordedEvent[];
}

/** Rows one INSERT writes at most (PostgreSQL takes 65,535 bind values per statement). */
const INSERT_CHUNK = 5000;

type Candidate = Pick<
  SubscriptionRow,
  "id" | "appId" | "eventType" | "userId" | "keyword" | "direction"
>;

/** The subscriptions that can take an action: its users' and the unfiltered ones, oldest first. */
function candidatesOf(
  action: ActivityAction,
  byUser: ReadonlyMap<string, readonly Candidate[]>,
  unfiltered: readonly Candidate[],
): Candidate[] {
  const seen = new Set<bigint>();
  const found: Candidate[] = [];
  for (const list of [...usersOf(action).map((user) => byUser.get(user) ?? []), unfiltered]) {
    for (const subscription of list) {
      if (seen.has(subscription.id)) continue;
      seen.add(subscription.id);
      found.push(subscription);
    }
  }
  return found.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * Stores actions, in order, as events: one for every (app, user the event is for) that a
 * subscription takes, attributed to the oldest matching subscription of that app and user —
 * a DM between two users an app follows both of is two events, one for each. Matched now, so
 * a later subscription or delete never changes what was stored. Only candidate subscriptions
 * are read (those naming one of the actions' users, and the unfiltered ones; index
 * `activity_subscription(user_id, id)`). All actions are stored in one transaction or none;
 * it holds an advisory lock, so ids increase in action order and commit in id order. Each
 * event for an app with a valid webhook is queued for delivery in the same transaction.
 * Stream readers and the delivery worker are woken after the commit.
 */
export async function recordActions(
  ctx: AppContext,
  actions: readonly ActivityAction[],
): Promise<RecordedAction> {
  const now = ctx.clock();
  const users = [...new Set(actions.flatMap(usersOf))];
  const { rows, origins } = await ctx.prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${EVENT_WRITE_LOCK})`;
    const subscriptions = await tx.activitySubscription.findMany({
      where: { OR: [{ userId: { in: users } }, { userId: null }] },
      orderBy: { id: "asc" },
    });
    const byUser = new Map<string, Candidate[]>();
    const unfiltered: Candidate[] = [];
    for (const subscription of subscriptions) {
      if (subscription.userId === null) unfiltered.push(subscription);
      else
        byUser.set(subscription.userId, [...(byUser.get(subscription.userId) ?? []), subscription]);
    }
    const data: Prisma.ActivityEventCreateManyInput[] = [];
    const from: number[] = [];
    actions.forEach((action, index) => {
      const chosen = new Set<string>();
      const payload = payloadOf(action) as Prisma.InputJsonValue;
      for (const subscription of candidatesOf(action, byUser, unfiltered)) {
        const forUserId = matchAction(action, subscription);
        if (forUserId === undefined) continue;
        // app ids are ads ids (no spaces): the pair cannot collide
        const key = `${subscription.appId} ${forUserId}`;
        if (chosen.has(key)) continue;
        chosen.add(key);
        data.push({
          appId: subscription.appId,
          subscriptionId: subscription.id,
          eventType: action.event_type,
          forUserId,
          payload,
          createdAt: now,
        });
        from.push(index);
      }
    });
    const written: EventRow[] = [];
    for (let start = 0; start < data.length; start += INSERT_CHUNK) {
      const chunk = await tx.activityEvent.createManyAndReturn({
        data: data.slice(start, start + INSERT_CHUNK),
      });
      // One INSERT takes its ids from the sequence row by row, in VALUES order.
      written.push(...chunk.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));
    }
    await enqueueDeliveries(tx, written);
    return { rows: written, origins: from };
  });
  for (const appId of new Set(rows.map((row) => row.appId))) ctx.activity.notify(appId);
  if (rows.length > 0) ctx.webhooks.wake();
  return {
    events: rows.map((row, index) => ({
      appId: row.appId,
      id: row.id.toString(),
      forUserId: row.forUserId,
      action: origins[index] ?? 0,
    })),
  };
}

/** The app's events after `afterId`, in id order, at most `limit`. */
export async function readEvents(
  prisma: PrismaClient,
  appId: string,
  afterId: bigint,
  limit: number,
): Promise<EventRow[]> {
  if (afterId >= MAX_BIGINT) return [];
  return prisma.activityEvent.findMany({
    where: { appId, id: { gt: afterId } },
    orderBy: { id: "asc" },
    take: limit,
  });
}

/** The app's newest event id (0 when it has none): a stream without since_id starts after it. */
export async function latestEventId(prisma: PrismaClient, appId: string): Promise<bigint> {
  const row = await prisma.activityEvent.findFirst({
    where: { appId },
    orderBy: { id: "desc" },
    select: { id: true },
  });
  return row?.id ?? 0n;
}

/** A digit-string id as a BIGINT bound (clamped: larger ones have nothing after them). */
export function idBound(digits: string): bigint {
  const id = BigInt(digits);
  return id > MAX_BIGINT ? MAX_BIGINT : id;
}
