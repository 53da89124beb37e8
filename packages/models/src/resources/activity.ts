import { z } from "zod";
import { digitId, openEnum, timestamp } from "../scalars.js";

/**
 * spec §6: current event names (dot-separated lowercase since 18 March 2026). The last four are
 * beyond §6's table: they are the vendor's documented dot forms (X Activity API introduction,
 * docs.x.com/x-api/activity/introduction) of the deprecated names §6 lists without a
 * replacement, so every deprecated name has a current one.
 */
export const ACTIVITY_EVENT_TYPES = [
  "profile.update.bio",
  "profile.update.verified",
  "profile.update.affiliate",
  "profile.update.screenname",
  "dm.received",
  "dm.sent",
  "dm.read",
  "dm.indicate_typing",
  "spaces.start",
  "spaces.end",
  "profile.update.profile_picture",
  "profile.update.banner_picture",
  "profile.update.geo",
  "profile.update.url",
] as const;
export type ActivityEventType = (typeof ACTIVITY_EVENT_TYPES)[number];

/** spec §6: deprecated PascalCase names, still accepted as aliases of their dot forms. */
export const DEPRECATED_ACTIVITY_EVENT_TYPES = [
  "ProfileBioUpdate",
  "ProfilePictureUpdate",
  "ProfileBannerUpdate",
  "ProfileGeoUpdate",
  "ProfileUrlUpdate",
] as const;

/** spec §6/§9: the dot-separated name each deprecated name stands for (the vendor's pairs). */
export const DEPRECATED_ACTIVITY_EVENT_REPLACEMENTS: Readonly<
  Record<(typeof DEPRECATED_ACTIVITY_EVENT_TYPES)[number], ActivityEventType>
> = {
  ProfileBioUpdate: "profile.update.bio",
  ProfilePictureUpdate: "profile.update.profile_picture",
  ProfileBannerUpdate: "profile.update.banner_picture",
  ProfileGeoUpdate: "profile.update.geo",
  ProfileUrlUpdate: "profile.update.url",
};

type DeprecatedEventType = (typeof DEPRECATED_ACTIVITY_EVENT_TYPES)[number];

const CURRENT_NAMES: ReadonlySet<string> = new Set(ACTIVITY_EVENT_TYPES);

function isDeprecated(value: string): value is DeprecatedEventType {
  return Object.hasOwn(DEPRECATED_ACTIVITY_EVENT_REPLACEMENTS, value);
}

/**
 * The current (dot) name of an event type: itself when current, its replacement when it is a
 * deprecated PascalCase alias (spec §6: deprecated, not removed), undefined for anything else.
 * Whatever takes an event type stores and delivers this form only.
 */
export function currentEventType(value: unknown): ActivityEventType | undefined {
  if (typeof value !== "string") return undefined;
  if (CURRENT_NAMES.has(value)) return value as ActivityEventType;
  return isDeprecated(value) ? DEPRECATED_ACTIVITY_EVENT_REPLACEMENTS[value] : undefined;
}

export const ACTIVITY_DIRECTIONS = ["sent", "received", "both"] as const;

/**
 * spec §6: payload shapes are not shown; this service's event (issue 18). `id` (digits,
 * increasing per app) is what a resumed stream passes back as `since_id`; `for_user_id` is the
 * user the event is about (the subscription's user when it filters by one);
 * `subscription_id` the app's subscription it matched. Loose: a newer server may add fields.
 */
export const activityEventSchema = z.looseObject({
  id: digitId,
  event_type: openEnum([...ACTIVITY_EVENT_TYPES, ...DEPRECATED_ACTIVITY_EVENT_TYPES]),
  created_at: timestamp,
  for_user_id: digitId,
  subscription_id: digitId,
  payload: z.looseObject({}),
});
export type ActivityEvent = z.output<typeof activityEventSchema>;

/**
 * issue 34: the stream's answer says where it starts, the event id it sends events after
 * (`since_id`, or the app's newest stored event for a stream from now on), so a reader that
 * saw no event yet can still resume, or hand over, without a gap. A header, not a line:
 * readers that do not know it read the same body.
 */
export const ACTIVITY_STREAM_STARTS_AFTER_HEADER = "x-activity-starts-after";

/** A subscription's filters as stored and answered (issue 18). */
export const activityFilterSchema = z.looseObject({
  user_id: digitId.optional(),
  keyword: z.string().optional(),
  direction: z.enum(ACTIVITY_DIRECTIONS).optional(),
});

/** spec §6: subscription answer not shown; this service's (issue 18). */
export const activitySubscriptionSchema = z.looseObject({
  subscription_id: digitId,
  event_type: z.enum(ACTIVITY_EVENT_TYPES).nullable(),
  filter: activityFilterSchema,
  created_at: timestamp,
});
export type ActivitySubscription = z.output<typeof activitySubscriptionSchema>;

/** POST /2/activity/subscriptions and DELETE answer one subscription under `data`. */
export const activitySubscriptionAnswerSchema = z.looseObject({
  data: activitySubscriptionSchema,
});
export type ActivitySubscriptionAnswer = z.output<typeof activitySubscriptionAnswerSchema>;

/** GET /2/activity/subscriptions: every subscription of the app, oldest first. */
export const activitySubscriptionListSchema = z.looseObject({
  data: z.array(activitySubscriptionSchema),
});
export type ActivitySubscriptionList = z.output<typeof activitySubscriptionListSchema>;
