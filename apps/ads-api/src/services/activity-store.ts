import { LIMITS } from "@adsgraph/models";
import type { ActivityEvent, ActivitySubscription } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import type { PrismaClient } from "../db/database.js";
import { ERROR_CODES, ForbiddenError, NotFoundError } from "../errors.js";
import type {
  ActivityEvent as EventRow,
  ActivitySubscription as SubscriptionRow,
  Prisma,
} from "../generated/prisma/client.js";
import { matchAction, payloadOf } from "./activity-actions.js";
import type { ActivityAction } from "./activity-actions.js";
import { ts } from "./time.js";

/** The largest id PostgreSQL's BIGINT holds: a `since_id` past it has nothing after it. */
const MAX_BIGINT = 9_223_372_036_854_775_807n;

/** Key of the transaction-level advisory lock every event write takes (ids commit in order). */
const EVENT_WRITE_LOCK = 18_000_018;

export function subscriptionOf(row: SubscriptionRow): ActivitySubscription {
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

/** Subscribes an app; at most LIMITS.activitySubscriptionsPerApp (403 past it). */
export async function createSubscription(
  ctx: AppContext,
  appId: string,
  wanted: NewSubscription,
): Promise<ActivitySubscription> {
  const held = await ctx.prisma.activitySubscription.count({ where: { appId } });
  if (held >= LIMITS.activitySubscriptionsPerApp) {
    throw new ForbiddenError(
      ERROR_CODES.UNAUTHORIZED_ACCESS,
      `an app may hold at most ${LIMITS.activitySubscriptionsPerApp} activity subscriptions; delete one first`,
    );
  }
  const row = await ctx.prisma.activitySubscription.create({
    data: {
      appId,
      eventType: wanted.eventType ?? null,
      userId: wanted.userId ?? null,
      keyword: wanted.keyword ?? null,
      direction: wanted.direction ?? null,
      createdAt: ctx.clock(),
    },
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

/** What one simulated action stored: one event per app whose subscription took it. */
export interface RecordedAction {
  readonly events: { readonly appId: string; readonly id: string }[];
}

/**
 * Stores an action as one event for every app with a matching subscription (its oldest
 * matching one), matched now, so that a later subscription or delete never changes what was
 * stored. Writes hold an advisory lock, so ids commit in increasing order; stream readers are
 * woken after the commit.
 */
export async function recordAction(
  ctx: AppContext,
  action: ActivityAction,
): Promise<RecordedAction> {
  const now = ctx.clock();
  const rows = await ctx.prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${EVENT_WRITE_LOCK})`;
    const subscriptions = await tx.activitySubscription.findMany({ orderBy: { id: "asc" } });
    const chosen = new Map<string, { subscriptionId: bigint; forUserId: string }>();
    for (const subscription of subscriptions) {
      if (chosen.has(subscription.appId)) continue;
      const forUserId = matchAction(action, subscription);
      if (forUserId !== undefined) {
        chosen.set(subscription.appId, { subscriptionId: subscription.id, forUserId });
      }
    }
    const written: EventRow[] = [];
    for (const [appId, match] of chosen) {
      written.push(
        await tx.activityEvent.create({
          data: {
            appId,
            subscriptionId: match.subscriptionId,
            eventType: action.event_type,
            forUserId: match.forUserId,
            payload: payloadOf(action) as Prisma.InputJsonValue,
            createdAt: now,
          },
        }),
      );
    }
    return written;
  });
  for (const row of rows) ctx.activity.notify(row.appId);
  return { events: rows.map((row) => ({ appId: row.appId, id: row.id.toString() })) };
}

export function eventOf(row: EventRow): ActivityEvent {
  return {
    id: row.id.toString(),
    event_type: row.eventType,
    created_at: ts(row.createdAt),
    for_user_id: row.forUserId,
    subscription_id: row.subscriptionId.toString(),
    payload: row.payload as Record<string, unknown>,
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
