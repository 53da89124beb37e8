import { z } from "zod";
import { adsId, digitId, openEnum } from "../scalars.js";
import { advertisingFields } from "./common.js";

/**
 * Schemas for recorded payloads of endpoints the spec does not describe (reach estimates,
 * app lists, videos, promotable users, account features; analytics moved to analytics.ts,
 * issue 36). They are honest and loose: fields seen in the recordings are typed, nothing is
 * required beyond what every recording shows, and unknown fields are kept. No catalog entry
 * uses them, because the spec lists no such endpoint, except account features and promotable
 * users (issue 33, `features.list` and `promotable_users.*`, beyond the spec).
 */

/** An account's feature flags: a list of strings. */
export const accountFeatureSchema = z.string();

/** A minimum/maximum pair as estimates report them. */
const range = z.looseObject({ min: z.number(), max: z.number() });

/** Reach estimate. */
export const reachEstimateSchema = z.record(z.string(), range);
export type ReachEstimate = z.output<typeof reachEstimateSchema>;

/** App lists: summary in lists, apps on single reads. */
export const appListSchema = z.looseObject({
  id: adsId,
  name: z.string(),
  apps: z
    .array(z.looseObject({ app_store_identifier: z.string(), os_type: z.string() }))
    .optional(),
});
export type AppList = z.output<typeof appListSchema>;

/** Videos of the older videos endpoint (the spec's media library replaced it). */
export const videoSchema = z.looseObject({
  ...advertisingFields,
  title: z.string().nullable(),
  description: z.string().nullable(),
  duration: z.number().int(),
  preview_url: z.string().optional(),
  posted: z.boolean().optional(),
  ready_to_post: z.boolean().optional(),
  reasons_not_servable: z.array(z.string()).optional(),
});
export type Video = z.output<typeof videoSchema>;

/** The promotable user types the vendor's reference names. */
export const PROMOTABLE_USER_TYPES = ["FULL", "RETWEETS_ONLY"] as const;

/** Users the account may promote. */
export const promotableUserSchema = z.looseObject({
  ...advertisingFields,
  account_id: adsId,
  user_id: digitId,
  /** FULL (the account's own; one per account) or RETWEETS_ONLY, as the recordings show. */
  promotable_user_type: openEnum(PROMOTABLE_USER_TYPES),
});
export type PromotableUser = z.output<typeof promotableUserSchema>;
