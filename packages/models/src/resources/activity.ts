import { z } from "zod";
import { digitId, openEnum, timestamp } from "../scalars.js";

/** spec §6: current event names (dot-separated lowercase since 18 March 2026). */
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
] as const;

/** spec §6: deprecated PascalCase names, still accepted when reading old events. */
export const DEPRECATED_ACTIVITY_EVENT_TYPES = [
  "ProfileBioUpdate",
  "ProfilePictureUpdate",
  "ProfileBannerUpdate",
  "ProfileGeoUpdate",
  "ProfileUrlUpdate",
] as const;

/**
 * spec §6/§9: the dot-separated replacement of each deprecated name, where §6 lists one
 * (picture, banner, geo and URL changes have no event of their own there).
 */
export const DEPRECATED_ACTIVITY_EVENT_REPLACEMENTS: Readonly<
  Record<
    (typeof DEPRECATED_ACTIVITY_EVENT_TYPES)[number],
    (typeof ACTIVITY_EVENT_TYPES)[number] | null
  >
> = {
  ProfileBioUpdate: "profile.update.bio",
  ProfilePictureUpdate: null,
  ProfileBannerUpdate: null,
  ProfileGeoUpdate: null,
  ProfileUrlUpdate: null,
};

/**
 * Why a deprecated PascalCase event name is refused (spec §9: dot-separated lowercase names
 * since 18 March 2026), as a predicate following the parameter name; undefined for any other
 * value. Nothing takes the old names: not subscriptions, not simulated actions.
 */
export function deprecatedEventTypeProblem(value: unknown): string | undefined {
  if (typeof value !== "string" || !Object.hasOwn(DEPRECATED_ACTIVITY_EVENT_REPLACEMENTS, value)) {
    return undefined;
  }
  const replacement =
    DEPRECATED_ACTIVITY_EVENT_REPLACEMENTS[
      value as keyof typeof DEPRECATED_ACTIVITY_EVENT_REPLACEMENTS
    ];
  const instead =
    replacement === null
      ? "it has no dot-separated replacement among the spec §6 event types"
      : `use ${replacement} instead`;
  return `is deprecated since 18 March 2026 (event names are dot-separated lowercase now): ${instead}`;
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
