import type { ActivityEvent } from "@adsgraph/models";
import { rejectErrors } from "@pothos/plugin-dataloader";
import { builder } from "../../builder.js";
import { wireTypeOf } from "../../activity/event-types.js";
import { NotFoundError } from "../../errors/facade-errors.js";
import { ActivityEventTypeEnum } from "./activity-event-type.js";
import { ActivityPayloadUnion } from "./activity-payload.js";

export const ActivityEventRef = builder.objectRef<ActivityEvent>("ActivityEvent");

// The service keeps no event to read back: a node lookup says so rather than answering null.
const unreadable = () =>
  new NotFoundError(
    "An activity event cannot be read again: it is delivered once, to the activityEvents " +
      "subscriptions live when it happened.",
  );

builder.node(ActivityEventRef, {
  description:
    "One thing that happened to the signed-in user (a profile change, a direct message, an " +
    "audio space), delivered once by the `activityEvents` subscription. Its `id` is stable, so " +
    "a client cache keeps one copy per event, but an event cannot be read again: `node(id:)` " +
    "answers null with a `NOT_FOUND` error for it.",
  id: {
    description:
      "The event's global id: the same event always has the same id (a cache key; also what " +
      "a client remembers as the last event it saw).",
    resolve: (event) => event.id,
  },
  loadManyWithoutCache: (ids) =>
    Promise.resolve(rejectErrors<ActivityEvent>(ids.map(() => unreadable()))),
  fields: (t) => ({
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
