import { z } from "zod";
import { digitId, openEnum } from "../scalars.js";

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

export const ACTIVITY_DIRECTIONS = ["sent", "received", "both"] as const;

/**
 * spec §6: payload shapes are not shown; an event is kept whole. `id` (digits, increasing per
 * app) is what a resumed stream passes back as `since_id` (issue 18's choice).
 */
export const activityEventSchema = z.looseObject({
  id: digitId.optional(),
  event_type: openEnum([...ACTIVITY_EVENT_TYPES, ...DEPRECATED_ACTIVITY_EVENT_TYPES]).optional(),
});
export type ActivityEvent = z.output<typeof activityEventSchema>;

/** spec §6: subscription answer not shown. */
export const activitySubscriptionSchema = z.looseObject({});
export type ActivitySubscription = z.output<typeof activitySubscriptionSchema>;
