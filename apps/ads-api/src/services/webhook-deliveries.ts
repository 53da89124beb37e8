import { WEBHOOK_DELIVERY_STATES, WEBHOOK_LIMITS } from "@adsgraph/models";
import type { WebhookDeliveryRecord, WebhookDeliveryState } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import type { WebhookDelivery as DeliveryRow } from "../generated/prisma/client.js";
import type { SortSpec } from "../paging/keyset-paging.js";
import type { Presented } from "./presented.js";
import { storedEnum } from "./presented.js";
import { ts, tsOrNull } from "./time.js";
import { ownWebhook } from "./webhooks.js";

/** The log reads newest first: keyset paging on the id, descending. */
const NEWEST_FIRST: SortSpec = {
  attribute: "id",
  direction: "desc",
  column: { field: "id", type: "bigint" },
};

export function deliveryRecordOf(row: DeliveryRow): Presented<WebhookDeliveryRecord> {
  const state = storedEnum(WEBHOOK_DELIVERY_STATES, row.state);
  return {
    id: row.id.toString(),
    event_id: row.eventId.toString(),
    replay_job_id: row.replayJobId === null ? null : row.replayJobId.toString(),
    state,
    attempts: row.attempts,
    created_at: ts(row.createdAt),
    last_attempt_at: tsOrNull(row.lastAttemptAt),
    // While an attempt holds it, the lease's end: the next try if that attempt never settles.
    next_attempt_at: state === "pending" ? ts(row.nextAttemptAt) : null,
    completed_at: tsOrNull(row.completedAt),
    last_status: row.lastStatus,
    last_error: row.lastError,
  };
}

export interface DeliveryLogQuery {
  readonly webhookId: string;
  readonly state?: WebhookDeliveryState | undefined;
  readonly count?: number | undefined;
  readonly cursor?: string | undefined;
}

/**
 * GET /2/webhooks/:webhook_id/deliveries (issue 34): a page of the app's webhook's delivery
 * log, newest first, optionally of one state. The cursor is the codec's (HMAC-tagged, bound to
 * the webhook and the state filter): a cursor of another list is a 400 naming `cursor`.
 */
export async function listDeliveries(
  ctx: AppContext,
  appId: string,
  query: DeliveryLogQuery,
): Promise<{ rows: Presented<WebhookDeliveryRecord>[]; nextCursor: string | null }> {
  const hook = await ownWebhook(ctx, appId, query.webhookId);
  const scope = `webhooks.deliveries.list:${hook.id.toString()}:${query.state ?? "all"}`;
  const after =
    query.cursor === undefined ? undefined : ctx.cursors.decode(query.cursor, scope, NEWEST_FIRST);
  const count = query.count ?? WEBHOOK_LIMITS.deliveryLogCount.default;
  const rows = await ctx.prisma.webhookDelivery.findMany({
    where: {
      webhookId: hook.id,
      ...(query.state === undefined ? {} : { state: query.state }),
      ...(typeof after?.value === "bigint" ? { id: { lt: after.value } } : {}),
    },
    orderBy: { id: "desc" },
    take: count + 1,
  });
  const page = rows.slice(0, count);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > count && last !== undefined
      ? ctx.cursors.encode(scope, NEWEST_FIRST, { value: last.id, id: last.id.toString() })
      : null;
  return { rows: page.map(deliveryRecordOf), nextCursor };
}
