import { ACTIVITY_EVENT_TYPES, type ActivityEvent } from "@adsgraph/models";
import { builder } from "../../builder.js";
import {
  GRAPH_EVENT_TYPES,
  isWireEventType,
  type WireEventType,
} from "../../activity/event-types.js";
import {
  UnauthenticatedError,
  UpstreamError,
  ValidationError,
} from "../../errors/facade-errors.js";
import { serves } from "../../fields/serves.js";

/** spec §6 meanings, shown in the enum's descriptions. */
const MEANINGS: Record<WireEventType, string> = {
  "profile.update.bio": "The user's profile bio changed.",
  "profile.update.verified": "The user's verification status changed.",
  "profile.update.affiliate": "The user's affiliate badge changed.",
  "profile.update.screenname": "The user's handle changed.",
  "dm.received": "The user received a direct message.",
  "dm.sent": "The user sent a direct message.",
  "dm.read": "A direct message of the user's conversation was read.",
  "dm.indicate_typing": "Someone is typing in one of the user's conversations.",
  "spaces.start": "An audio space the user hosts started.",
  "spaces.end": "An audio space the user hosts ended.",
};

export const ActivityEventTypeEnum = builder.enumType("ActivityEventType", {
  description: "spec §6 event types (the service's `profile.update.bio` is `PROFILE_UPDATE_BIO`).",
  values: Object.fromEntries(
    ACTIVITY_EVENT_TYPES.map((wire) => [
      GRAPH_EVENT_TYPES[wire],
      { value: wire, description: `\`${wire}\`: ${MEANINGS[wire]}` },
    ]),
  ),
});

/** The service's payloads always carry these (spec §6 shows none; this service's, issue 18). */
function missing(event: ActivityEvent, key: string): UpstreamError {
  return new UpstreamError(
    `The ads service sent a ${event.event_type} event without its \`${key}\`.`,
    { status: null, codes: [] },
  );
}

function text(event: ActivityEvent, key: string): string {
  const value = event.payload[key];
  if (typeof value !== "string") throw missing(event, key);
  return value;
}
function optionalText(event: ActivityEvent, key: string): string | null {
  const value = event.payload[key];
  return typeof value === "string" ? value : null;
}
function flag(event: ActivityEvent, key: string): boolean {
  const value = event.payload[key];
  if (typeof value !== "boolean") throw missing(event, key);
  return value;
}

const ProfileBioUpdateRef = builder.objectRef<ActivityEvent>("ProfileBioUpdate").implement({
  description: "`PROFILE_UPDATE_BIO`: the new bio.",
  fields: (t) => ({ bio: t.string({ resolve: (event) => text(event, "bio") }) }),
});
const ProfileVerifiedUpdateRef = builder
  .objectRef<ActivityEvent>("ProfileVerifiedUpdate")
  .implement({
    description: "`PROFILE_UPDATE_VERIFIED`: whether the user is verified now.",
    fields: (t) => ({ verified: t.boolean({ resolve: (event) => flag(event, "verified") }) }),
  });
const ProfileAffiliateUpdateRef = builder
  .objectRef<ActivityEvent>("ProfileAffiliateUpdate")
  .implement({
    description: "`PROFILE_UPDATE_AFFILIATE`: whether the user has the affiliate badge now.",
    fields: (t) => ({ affiliate: t.boolean({ resolve: (event) => flag(event, "affiliate") }) }),
  });
const ProfileScreenNameUpdateRef = builder
  .objectRef<ActivityEvent>("ProfileScreenNameUpdate")
  .implement({
    description: "`PROFILE_UPDATE_SCREENNAME`: the new handle.",
    fields: (t) => ({
      screenName: t.string({ resolve: (event) => text(event, "screen_name") }),
    }),
  });
const DirectMessageActivityRef = builder
  .objectRef<ActivityEvent>("DirectMessageActivity")
  .implement({
    description:
      "`DM_RECEIVED`, `DM_SENT`, `DM_READ`, `DM_INDICATE_TYPING`: who sent to whom; `text` only " +
      "on a sent or received message.",
    fields: (t) => ({
      senderId: t.string({
        description: "Digit string.",
        resolve: (event) => text(event, "sender_id"),
      }),
      recipientId: t.string({
        description: "Digit string.",
        resolve: (event) => text(event, "recipient_id"),
      }),
      text: t.string({ nullable: true, resolve: (event) => optionalText(event, "text") }),
    }),
  });
const SpaceActivityRef = builder.objectRef<ActivityEvent>("SpaceActivity").implement({
  description: "`SPACES_START`, `SPACES_END`: the audio space and its host.",
  fields: (t) => ({
    spaceId: t.string({ description: "Digit string.", resolve: (e) => text(e, "space_id") }),
    hostId: t.string({ description: "Digit string.", resolve: (e) => text(e, "host_id") }),
    title: t.string({ nullable: true, resolve: (event) => optionalText(event, "title") }),
  }),
});

/** The fan-out delivers only the §6 dot names (activity/event-types.ts): never another here. */
function wireTypeOf(event: ActivityEvent): WireEventType {
  if (isWireEventType(event.event_type)) return event.event_type;
  throw new UpstreamError(`The ads service sent an event of unknown type ${event.event_type}.`, {
    status: null,
    codes: [],
  });
}

const PAYLOAD_REFS = {
  "profile.update.bio": ProfileBioUpdateRef,
  "profile.update.verified": ProfileVerifiedUpdateRef,
  "profile.update.affiliate": ProfileAffiliateUpdateRef,
  "profile.update.screenname": ProfileScreenNameUpdateRef,
  "dm.received": DirectMessageActivityRef,
  "dm.sent": DirectMessageActivityRef,
  "dm.read": DirectMessageActivityRef,
  "dm.indicate_typing": DirectMessageActivityRef,
  "spaces.start": SpaceActivityRef,
  "spaces.end": SpaceActivityRef,
} as const;

const ActivityPayloadUnion = builder.unionType("ActivityPayload", {
  description: "What an activity event says, by its type (one object type per group of types).",
  types: [
    ProfileBioUpdateRef,
    ProfileVerifiedUpdateRef,
    ProfileAffiliateUpdateRef,
    ProfileScreenNameUpdateRef,
    DirectMessageActivityRef,
    SpaceActivityRef,
  ],
  // The fan-out delivers only the §6 dot names (activity/event-types.ts).
  resolveType: (event) => PAYLOAD_REFS[wireTypeOf(event)],
});

const ActivityEventRef = builder.objectRef<ActivityEvent>("ActivityEvent").implement({
  description: "spec §6: one activity event about the signed-in user.",
  fields: (t) => ({
    id: t.string({
      description:
        "The ads service's event id: a digit string, increasing in the order events happened.",
      resolve: (event) => event.id,
    }),
    type: t.field({
      type: ActivityEventTypeEnum,
      resolve: (event) => wireTypeOf(event),
    }),
    forUserId: t.string({
      description: "The user the event is about (always the subscriber): a digit string.",
      resolve: (event) => event.for_user_id,
    }),
    createdAt: t.field({ type: "DateTime", resolve: (event) => event.created_at }),
    payload: t.field({ type: ActivityPayloadUnion, resolve: (event) => event }),
  }),
});

builder.subscriptionField("activityEvents", (t) =>
  t.field({
    // Upstream, one activity subscription per user with live subscribers (activity/).
    ...serves(
      "activity.subscriptions.list",
      "activity.subscriptions.create",
      "activity.subscriptions.delete",
    ),
    type: ActivityEventRef,
    description:
      "The signed-in user's activity events from now on (spec §6), over WebSocket " +
      "(graphql-transport-ws) at /graphql. `types` keeps only those types (default: all).",
    authScopes: { authenticated: true },
    args: {
      types: t.arg({ type: [ActivityEventTypeEnum], required: false }),
    },
    subscribe: async (_root, { types }, { viewer, activity }) => {
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
      return activity.subscribe({
        userId: viewer.userId,
        types: types === null || types === undefined ? null : new Set(types),
      });
    },
    resolve: (event) => event,
  }),
);
