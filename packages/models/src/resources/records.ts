import { z } from "zod";
import { currencyCode, digitId, openEnum, timestamp } from "../scalars.js";

/**
 * spec §2.11: records whose response fields are "not shown beyond the parameters listed in
 * Endpoints". Each keeps every field; the fields typed here are only those the parameters
 * or the recordings imply, all optional except where a recording shows them.
 */

/** GET accounts/:account_id/account_apps. */
export const accountAppSchema = z.looseObject({
  id: z.string().optional(),
  app_store_identifier: z.string().optional(),
  os_type: z.string().optional(),
});
export type AccountApp = z.output<typeof accountAppSchema>;

export const ACCOUNT_HISTORY_ENTITY_TYPES = [
  "CAMPAIGN",
  "LINE_ITEM",
  "PROMOTED_POST",
  "TARGETING_CRITERIA",
  "PROMOTED_ACCOUNT",
] as const;

/** GET accounts/:account_id/account_history. */
export const accountHistoryEntrySchema = z.looseObject({
  entity_type: openEnum(ACCOUNT_HISTORY_ENTITY_TYPES).optional(),
  entity_id: z.string().optional(),
  user_id: digitId.optional(),
  timestamp: timestamp.optional(),
});
export type AccountHistoryEntry = z.output<typeof accountHistoryEntrySchema>;

/** GET bidding_rules: minimum and maximum cost-per-engagement bids per currency. */
export const biddingRuleSchema = z.looseObject({ currency: currencyCode.optional() });
export type BiddingRule = z.output<typeof biddingRuleSchema>;

/** GET advertiser_business_categories. */
export const advertiserBusinessCategorySchema = z.looseObject({
  id: z.string().optional(),
  name: z.string().optional(),
});
export type AdvertiserBusinessCategory = z.output<typeof advertiserBusinessCategorySchema>;

/** spec §4.4: the product types line_items/placements filters by. */
export const PLACEMENT_PRODUCT_TYPES = ["MEDIA", "PROMOTED_ACCOUNT", "PROMOTED_POSTS"] as const;

/** GET line_items/placements (recording placements.json): product type and placement sets. */
export const placementSchema = z.looseObject({
  product_type: z.string(),
  placements: z.array(z.array(z.string())),
});
export type Placement = z.output<typeof placementSchema>;

/** user_settings of one user on an account. */
export const userSettingsSchema = z.looseObject({
  user_id: digitId.optional(),
  notification_email: z.string().nullable().optional(),
  contact_phone: z.string().nullable().optional(),
  contact_phone_extension: z.string().nullable().optional(),
  subscribe_email_types: z.array(z.string()).optional(),
});
export type UserSettings = z.output<typeof userSettingsSchema>;

export const INVOICE_JURISDICTIONS = ["LOI_SAPIN", "NONE", "NOT_SET"] as const;
export const TAX_CATEGORIES = ["BUSINESS_NO_VAT", "BUSINESS_WITH_VAT", "INDIVIDUAL"] as const;

/** tax_settings of an account. */
export const taxSettingsSchema = z.looseObject({
  address_name: z.string().nullable().optional(),
  invoice_jurisdiction: openEnum(INVOICE_JURISDICTIONS).nullable().optional(),
  tax_category: openEnum(TAX_CATEGORIES).nullable().optional(),
});
export type TaxSettings = z.output<typeof taxSettingsSchema>;
