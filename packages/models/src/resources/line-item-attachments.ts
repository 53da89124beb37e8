import { z } from "zod";
import { adsId, digitId, openEnum } from "../scalars.js";
import { advertisingFields } from "./common.js";

/** spec §2.11: promoted account carries user_id (digits, §2.1) and line_item_id. */
export const promotedAccountSchema = z.looseObject({
  ...advertisingFields,
  line_item_id: adsId,
  user_id: digitId,
  entity_status: openEnum(["ACTIVE", "PAUSED"]).optional(),
  approval_status: openEnum(["ACCEPTED"]).optional(),
});
export type PromotedAccount = z.output<typeof promotedAccountSchema>;

export const TRACKING_TAG_TYPES = ["IMPRESSION_TAG", "CLICK_TRACKER"] as const;
export const trackingTagTypeSchema = z.enum(TRACKING_TAG_TYPES);
export type TrackingTagType = z.output<typeof trackingTagTypeSchema>;

/** spec §2.11. */
export const trackingTagSchema = z.looseObject({
  ...advertisingFields,
  line_item_id: adsId,
  tracking_tag_type: trackingTagTypeSchema,
  tracking_tag_url: z.string(),
});
export type TrackingTag = z.output<typeof trackingTagSchema>;

/**
 * spec §2.11: a promoted post carries post_id and deleted. Vendor payloads call the id
 * `tweet_id`; `fromVendor` renames it before this schema sees it.
 */
export const promotedPostSchema = z.looseObject({
  ...advertisingFields,
  post_id: digitId,
  line_item_id: adsId.optional(),
  entity_status: openEnum(["ACTIVE", "PAUSED"]).optional(),
  approval_status: openEnum(["ACCEPTED"]).optional(),
});
export type PromotedPost = z.output<typeof promotedPostSchema>;

/**
 * spec §2.11: media creatives, not shown beyond their parameters; every advertising resource
 * has id, created_at, updated_at and deleted (§2.1). ads-api adds the account media's
 * creative_type and the statuses promoted records carry.
 */
export const mediaCreativeSchema = z.looseObject({
  ...advertisingFields,
  account_media_id: adsId,
  line_item_id: adsId,
  landing_url: z.string().nullable().optional(),
  creative_type: z.string().nullable().optional(),
  entity_status: openEnum(["ACTIVE", "PAUSED"]).optional(),
  approval_status: openEnum(["ACCEPTED"]).optional(),
});
export type MediaCreative = z.output<typeof mediaCreativeSchema>;

/** spec §2.11: curated-category links, not shown beyond their parameters (and §2.1's fields). */
export const lineItemCuratedCategorySchema = z.looseObject({
  ...advertisingFields,
  line_item_id: adsId,
  curated_category_id: adsId,
});
export type LineItemCuratedCategory = z.output<typeof lineItemCuratedCategorySchema>;

/** Audience size estimate (spec §4.6 audience_estimate; answer not shown, recording kept loose). */
export const audienceEstimateSchema = z.looseObject({
  audience_size: z.looseObject({ min: z.number().int(), max: z.number().int() }).optional(),
});
export type AudienceEstimate = z.output<typeof audienceEstimateSchema>;
