import { z } from "zod";
import { adsId, openEnum } from "../scalars.js";
import { advertisingFields } from "./common.js";

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
  audience_type: openEnum(["CRM", "FLEXIBLE", "MOBILE_AUDIENCE", "WEB"]),
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
  description: z.string().nullable().optional(),
});
export type DoNotReachList = z.output<typeof doNotReachListSchema>;

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
