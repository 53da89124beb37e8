import { z } from "zod";
import { OPERATOR_TYPES, TARGETING_TYPES } from "../params/targeting-criteria.js";
import { adsId, openEnum, timestamp } from "../scalars.js";
import { advertisingFields } from "./common.js";

/**
 * Account features the audience rules read (spec §4.8): sharing an audience with an account of
 * another business, and the closed beta of the custom-audience batch endpoint (its feature name
 * is not shown; this is the service's).
 */
export const AUDIENCE_FEATURES = {
  SHARE_OUTSIDE_BUSINESS: "SHARE_AUDIENCE_OUTSIDE_BUSINESS",
  BATCH_BETA: "CUSTOM_AUDIENCES_BATCH_BETA",
} as const;

/** spec §2.10: CRM is observed; FLEXIBLE and MOBILE_AUDIENCE are creatable (batch). */
export const AUDIENCE_TYPES = ["CRM", "FLEXIBLE", "MOBILE_AUDIENCE", "WEB"] as const;

export const PERMISSION_LEVELS = ["READ_ONLY", "READ_WRITE"] as const;
export const permissionLevelSchema = z.enum(PERMISSION_LEVELS);

/**
 * spec §2.10 custom audience (also the shape of the older "tailored" audiences). The
 * recordings carry WEB types and a `list_type` beyond the spec: observed-only values are open.
 */
export const customAudienceSchema = z.looseObject({
  ...advertisingFields,
  name: z.string(),
  description: z.string().nullable().optional(),
  audience_type: openEnum(AUDIENCE_TYPES),
  targetable: z.boolean(),
  targetable_types: z.array(openEnum(["CRM", "EXCLUDED_CRM", "WEB", "EXCLUDED_WEB"])),
  reasons_not_targetable: z.array(openEnum(["PROCESSING", "TOO_SMALL"])),
  permission_level: permissionLevelSchema.optional(),
  // spec §2.10: create responses carry owner_account_id, update responses is_owner.
  owner_account_id: adsId.optional(),
  is_owner: z.boolean().optional(),
  partner_source: openEnum(["OTHER"]),
  audience_size: z.number().int().nullable(),
});
export type CustomAudience = z.output<typeof customAudienceSchema>;

/** spec §2.10: one of tailored_audience_id (v5 path) or custom_audience_id is present. */
export const audiencePermissionSchema = z.looseObject({
  ...advertisingFields,
  tailored_audience_id: adsId.optional(),
  custom_audience_id: adsId.optional(),
  granted_account_id: adsId,
  permission_level: permissionLevelSchema,
});
export type AudiencePermission = z.output<typeof audiencePermissionSchema>;

/** spec §2.10: 30 related keywords and one volume per granularity step. */
export const keywordInsightSchema = z.looseObject({
  related_keywords: z.array(z.string()),
  post_volume: z.array(z.number().int()),
});
export type KeywordInsight = z.output<typeof keywordInsightSchema>;

/** spec §2.11: one list per account; fields beyond the parameters are not shown. */
export const doNotReachListSchema = z.looseObject({
  id: adsId,
  account_id: adsId.optional(),
  description: z.string().nullable().optional(),
  /** How many hashed e-mails it holds now (expired entries are not counted). */
  user_count: z.number().int().optional(),
  created_at: timestamp.optional(),
  updated_at: timestamp.optional(),
  deleted: z.boolean().optional(),
});
export type DoNotReachList = z.output<typeof doNotReachListSchema>;

/**
 * A targeting criterion of a line item (beyond the spec: §4.2 says targeting criteria are "not
 * shown"; the vendor's v11 fields). Issue 17 needs them for `custom_audiences/:id/targeted`
 * and the sharing rules: a line item targets a custom audience with a CUSTOM_AUDIENCE criterion.
 */
export const targetingCriterionResourceSchema = z.looseObject({
  ...advertisingFields,
  line_item_id: adsId,
  targeting_type: openEnum(TARGETING_TYPES),
  targeting_value: z.string(),
  operator_type: openEnum(OPERATOR_TYPES),
});
export type TargetingCriterionResource = z.output<typeof targetingCriterionResourceSchema>;

/** spec §2.11 / recording targeted_audiences.json: campaigns and line items targeting an audience. */
export const targetedAudienceEntrySchema = z.looseObject({
  campaign_id: adsId,
  campaign_name: z.string().nullable(),
  line_items: z.array(
    z.looseObject({ id: adsId, name: z.string().nullable(), servable: z.boolean().nullable() }),
  ),
});
export type TargetedAudienceEntry = z.output<typeof targetedAudienceEntrySchema>;

/**
 * Users-batch answer (spec §7: success_count or total_count differing from the records sent
 * is an error to retry). Its exact envelope is not shown, so the body is kept loose.
 */
export const usersBatchResultSchema = z.looseObject({
  data: z
    .union([
      z.looseObject({ success_count: z.number().int(), total_count: z.number().int() }),
      z.array(z.looseObject({ success_count: z.number().int(), total_count: z.number().int() })),
    ])
    .optional(),
});
export type UsersBatchResult = z.output<typeof usersBatchResultSchema>;
