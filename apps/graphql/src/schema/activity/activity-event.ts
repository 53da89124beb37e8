import type { ActivityEvent } from "@adsgraph/models";
import { builder } from "../../builder.js";
import { wireTypeOf } from "../../activity/event-types.js";
import { ActivityEventTypeEnum } from "./activity-event-type.js";
import { ActivityPayloadUnion } from "./activity-payload.js";

/**
 * Not a `Node`: the service keeps no event to read back, so `node(id:)` could not refetch one.
 * A global id all the same, so a normalising cache keeps one copy per event.
 */
export const ActivityEventRef = builder.objectRef<ActivityEvent>("ActivityEvent").implement({
  description:
    "One thing that happened to the signed-in user (a profile change, a direct message, an " +
    "audio space), delivered by the `activityEvents` subscription (at least once: a repeat " +
    "after a server failover has the same `id`). It cannot be read " +
    "again later (it is not a `Node`: `node(id:)` does not take its id), but its `id` is " +
    "stable, so a client cache keeps one copy per event.",
  fields: (t) => ({
    id: t.globalID({
      description:
        "The event's global id: the same event always has the same id (a cache key; also what " +
        "a client remembers as the last event it saw).",
      resolve: (event) => ({ type: "ActivityEvent", id: event.id }),
    }),
    rawId: t.string({
      description:
        "The event's id in the ads service: a string of digits, larger for a later event of " +
        "the same feed (compare as big integers, never as numbers).",
      resolve: (event) => event.id,
    }),
    type: t.field({
      type: ActivityEventTypeEnum,
      description: "What happened; says which member of `payload` to expect.",
      resolve: (event) => wireTypeOf(event),
    }),
    forUserId: t.string({
      description:
        "The user the event is about: always the signed-in user of the subscription. A string " +
        "of digits.",
      resolve: (event) => event.for_user_id,
    }),
    createdAt: t.field({
      type: "DateTime",
      description: "When it happened, by the ads service's clock (UTC, whole seconds).",
      resolve: (event) => event.created_at,
    }),
    payload: t.field({
      type: ActivityPayloadUnion,
      description: "What the event says, by its type.",
      resolve: (event) => event,
    }),
  }),
});
