import { ACTIVITY_EVENT_TYPES, type ActivityEvent } from "@adsgraph/models";
import { builder } from "../../builder.js";
import { FeedLive, startingWith, timestampOf } from "../../activity/feed-live.js";
import { UnauthenticatedError, ValidationError } from "../../errors/facade-errors.js";
import { serves } from "../../fields/serves.js";
import { ActivityEventRef } from "./activity-event.js";
import { ActivityEventTypeEnum } from "./activity-event-type.js";

const ActivityFeedLiveRef = builder.objectRef<FeedLive>("ActivityFeedLive").implement({
  description:
    "The first message of every `activityEvents` subscription: from now on every event about " +
    "the signed-in user reaches this subscription. An event that happens before it may be " +
    "missed; wait for it before doing what should produce an event.",
  fields: (t) => ({
    liveAt: t.field({
      type: "DateTime",
      description: "When the subscription went live, by the server's clock (UTC, whole seconds).",
      resolve: (live) => live.liveAt,
    }),
    types: t.field({
      type: [ActivityEventTypeEnum],
      description:
        "The event types this subscription delivers: those it asked for in `types`, or every " +
        "type when it named none.",
      resolve: (live) => (live.types === null ? [...ACTIVITY_EVENT_TYPES] : [...live.types]),
    }),
  }),
});

const ActivityFeedMessageUnion = builder.unionType("ActivityFeedMessage", {
  description:
    "One message of the `activityEvents` subscription: first an `ActivityFeedLive` once the " +
    "subscription is live, then one `ActivityEvent` per event. Switch on `__typename`.",
  types: [ActivityFeedLiveRef, ActivityEventRef],
  resolveType: (message: FeedLive | ActivityEvent) =>
    message instanceof FeedLive ? ActivityFeedLiveRef : ActivityEventRef,
});

builder.subscriptionField("activityEvents", (t) =>
  t.field({
    // Upstream, one activity subscription per user with live subscribers (activity/).
    ...serves(
      "activity.subscriptions.list",
      "activity.subscriptions.create",
      "activity.subscriptions.delete",
    ),
    type: ActivityFeedMessageUnion,
    description:
      "The signed-in user's activity, over a WebSocket (graphql-transport-ws) at the same " +
      "URL. The first message is an `ActivityFeedLive`: from then on every event about the " +
      "user arrives, in the order it happened, as an `ActivityEvent`. Delivery is at least " +
      "once: after a server failover an event may come twice, always with the same `id`, so " +
      "drop one whose `id` you already have. Events from before the subscription are not " +
      "sent, unless `after` names the last event you saw: then the events since it come " +
      "first.",
    authScopes: { authenticated: true },
    args: {
      after: t.arg.globalID({
        for: ActivityEventRef,
        required: false,
        description:
          "Resume after this event: the `id` of the last `ActivityEvent` you received (for " +
          "example before a reconnect). The events since it that this subscription would " +
          "have delivered come right after the `ActivityFeedLive`, then new ones, with none " +
          "missed. Events are kept for a limited time: when some after it are no longer " +
          "kept, the subscription fails with RESUME_WINDOW_EXPIRED (reload what the screen " +
          "shows and subscribe without `after`). Left out: only events from now on.",
      }),
      types: t.arg({
        type: [ActivityEventTypeEnum],
        required: false,
        description:
          "Deliver only events of these types; left out or null: every type. An empty list is " +
          "refused (BAD_USER_INPUT).",
      }),
    },
    subscribe: async (_root, { types, after }, { viewer, activity }) => {
      if (viewer === null) throw new UnauthenticatedError("Sign in first.");
      if (types?.length === 0) {
        throw new ValidationError([
          {
            code: "INVALID_PARAMETER",
            field: "types",
            parameter: "types",
            message: "name at least one event type, or leave `types` out for every type",
          },
        ]);
      }
      if (after !== null && after !== undefined && !/^\d{1,20}$/.test(after.id)) {
        throw new ValidationError([
          {
            code: "INVALID_PARAMETER",
            field: "after",
            parameter: "after",
            message: "must be the `id` of an `ActivityEvent`",
          },
        ]);
      }
      const wanted = types === null || types === undefined ? null : new Set(types);
      // Resolves only once the subscriber is in the fan-out, the user's upstream subscription
      // exists and the feed is connected: the live message goes out first, then the events.
      const events = await activity.subscribe({
        userId: viewer.userId,
        types: wanted,
        after: after?.id ?? undefined,
      });
      return startingWith(new FeedLive(timestampOf(new Date()), wanted), events);
    },
    resolve: (message) => message,
  }),
);
