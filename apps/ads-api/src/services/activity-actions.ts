import { LIMITS, digitId } from "@adsgraph/models";
import { z } from "zod";

/**
 * What happens in the simulated world (issue 18): a user's profile change, a direct message
 * between two users, an audio space starting or ending. The admin endpoint and the CLI take
 * these; each becomes one §6 event, stored for every app with a matching subscription.
 */
const text = z.string().min(1).max(LIMITS.postText);

const profileBio = z.strictObject({
  event_type: z.literal("profile.update.bio"),
  user_id: digitId,
  bio: z.string().max(LIMITS.postText),
});
const profileVerified = z.strictObject({
  event_type: z.literal("profile.update.verified"),
  user_id: digitId,
  verified: z.boolean(),
});
const profileAffiliate = z.strictObject({
  event_type: z.literal("profile.update.affiliate"),
  user_id: digitId,
  affiliate: z.boolean(),
});
const profileScreenName = z.strictObject({
  event_type: z.literal("profile.update.screenname"),
  user_id: digitId,
  // handles are short; 50 leaves room for any the vendor allows
  screen_name: z.string().min(1).max(50),
});
// The vendor's four other profile events (beyond §6's table, the dot forms of its deprecated
// names): the new picture or banner as an image URL, the profile's location and website as
// the user typed them (the vendor's profile limits: location 30, URL 100 characters).
const profilePicture = z.strictObject({
  event_type: z.literal("profile.update.profile_picture"),
  user_id: digitId,
  profile_image_url: z.string().min(1).max(LIMITS.postText),
});
const profileBanner = z.strictObject({
  event_type: z.literal("profile.update.banner_picture"),
  user_id: digitId,
  banner_url: z.string().min(1).max(LIMITS.postText),
});
const profileGeo = z.strictObject({
  event_type: z.literal("profile.update.geo"),
  user_id: digitId,
  location: z.string().max(30),
});
const profileUrl = z.strictObject({
  event_type: z.literal("profile.update.url"),
  user_id: digitId,
  url: z.string().max(100),
});
/** dm.sent / dm.received carry the text; dm.read and typing do not. */
const dmMessage = z.strictObject({
  event_type: z.enum(["dm.sent", "dm.received"]),
  sender_id: digitId,
  recipient_id: digitId,
  text,
});
const dmSignal = z.strictObject({
  event_type: z.enum(["dm.read", "dm.indicate_typing"]),
  sender_id: digitId,
  recipient_id: digitId,
});
const space = z.strictObject({
  event_type: z.enum(["spaces.start", "spaces.end"]),
  space_id: digitId,
  host_id: digitId,
  title: text.optional(),
});

export const activityActionSchema = z.discriminatedUnion("event_type", [
  profileBio,
  profileVerified,
  profileAffiliate,
  profileScreenName,
  profilePicture,
  profileBanner,
  profileGeo,
  profileUrl,
  dmMessage,
  dmSignal,
  space,
]);
export type ActivityAction = z.output<typeof activityActionSchema>;

/** A subscription's filters, as stored. */
export interface ActivityFilter {
  readonly eventType: string | null;
  readonly userId: string | null;
  readonly keyword: string | null;
  readonly direction: string | null;
}

/**
 * The user an action is about, seen from `userId` when the filter names one: a profile's
 * owner, a space's host, a DM's sender or recipient (as `direction` allows: sent = the user
 * sent it, received = the user received it, both/unset = either). Undefined: no match.
 */
function subjectOf(action: ActivityAction, userId: string | null, direction: string | null) {
  switch (action.event_type) {
    case "dm.sent":
    case "dm.received":
    case "dm.read":
    case "dm.indicate_typing": {
      const asSender = direction !== "received";
      const asRecipient = direction !== "sent";
      if (userId === null) {
        // No user: the event is about whoever it is addressed to (received/read) or from.
        return action.event_type === "dm.received" || action.event_type === "dm.read"
          ? action.recipient_id
          : action.sender_id;
      }
      if (asSender && action.sender_id === userId) return userId;
      if (asRecipient && action.recipient_id === userId) return userId;
      return undefined;
    }
    case "spaces.start":
    case "spaces.end":
      return userId === null || action.host_id === userId ? action.host_id : undefined;
    default:
      return userId === null || action.user_id === userId ? action.user_id : undefined;
  }
}

/**
 * The users an action involves: the only ones a user-filtered subscription can name (a DM's
 * sender and recipient, a profile's owner, a space's host). Matching reads just their
 * subscriptions and the unfiltered ones.
 */
export function usersOf(action: ActivityAction): string[] {
  switch (action.event_type) {
    case "dm.sent":
    case "dm.received":
    case "dm.read":
    case "dm.indicate_typing":
      return action.sender_id === action.recipient_id
        ? [action.sender_id]
        : [action.sender_id, action.recipient_id];
    case "spaces.start":
    case "spaces.end":
      return [action.host_id];
    default:
      return [action.user_id];
  }
}

/** The texts a keyword looks in: DM text, bio, screen name, profile location, space title. */
function textsOf(action: ActivityAction): string[] {
  switch (action.event_type) {
    case "dm.sent":
    case "dm.received":
      return [action.text];
    case "profile.update.bio":
      return [action.bio];
    case "profile.update.screenname":
      return [action.screen_name];
    case "profile.update.geo":
      return [action.location];
    case "spaces.start":
    case "spaces.end":
      return action.title === undefined ? [] : [action.title];
    default:
      return [];
  }
}

/**
 * Whether a subscription takes an action, and for which user: event type, user (with
 * direction) and keyword must all match. The keyword is a plain case-insensitive substring
 * (`includes`, linear time; never a regular expression built from request text).
 */
export function matchAction(action: ActivityAction, filter: ActivityFilter): string | undefined {
  if (filter.eventType !== null && filter.eventType !== action.event_type) return undefined;
  const subject = subjectOf(action, filter.userId, filter.direction);
  if (subject === undefined) return undefined;
  if (filter.keyword !== null) {
    const needle = filter.keyword.toLowerCase();
    if (!textsOf(action).some((value) => value.toLowerCase().includes(needle))) return undefined;
  }
  return subject;
}

/** The event's payload: the action without its type (no `participant_ids`: §6 gives those only to join/leave events, which this service has none of). */
export function payloadOf(action: ActivityAction): Record<string, unknown> {
  return Object.fromEntries(Object.entries(action).filter(([key]) => key !== "event_type"));
}
