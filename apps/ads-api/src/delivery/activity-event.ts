import { formatTimestamp } from "@adsgraph/models";
import type { ActivityEvent } from "@adsgraph/models";
import type { ActivityEvent as EventRow } from "../generated/prisma/client.js";

/** A stored event as apps receive it: on the activity stream and in webhook posts (spec §6). */
export function eventOf(row: EventRow): ActivityEvent {
  return {
    id: row.id.toString(),
    event_type: row.eventType,
    created_at: formatTimestamp(row.createdAt),
    for_user_id: row.forUserId,
    subscription_id: row.subscriptionId.toString(),
    payload: row.payload as Record<string, unknown>,
  };
}
