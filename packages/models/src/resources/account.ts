import { z } from "zod";
import { openEnum, timestamp } from "../scalars.js";
import { advertisingFields } from "./common.js";

/** spec §2.2: closed enum. */
export const INDUSTRY_TYPES = [
  "AGENCY",
  "BUSINESS_TO_BUSINESS",
  "ONLINE_SERVICES",
  "EDUCATION",
  "FINANCIAL",
  "HEALTH",
  "GOVERNMENT",
  "MEDIA",
  "MOBILE",
  "RESTAURANT",
  "RETAIL",
  "TECHNOLOGY",
  "TRAVEL",
  "OTHER",
] as const;
export const industryTypeSchema = z.enum(INDUSTRY_TYPES);
export type IndustryType = z.output<typeof industryTypeSchema>;

/** spec §2.2. Fields absent from the recorded v11 payloads are optional. */
export const accountSchema = z.looseObject({
  ...advertisingFields,
  name: z.string(),
  business_name: z.string().nullable().optional(),
  business_id: z.string().nullable().optional(),
  timezone: z.string(),
  timezone_switch_at: timestamp.nullable(),
  // spec §2.2: present on single read and update only.
  industry_type: industryTypeSchema.optional(),
  approval_status: openEnum(["ACCEPTED"]),
});
export type Account = z.output<typeof accountSchema>;

/** spec §4.3: permission values returned by authenticated_user_access. */
export const USER_ACCESS_PERMISSIONS = [
  "ACCOUNT_ADMIN",
  "AD_MANAGER",
  "CREATIVE_MANAGER",
  "CAMPAIGN_ANALYST",
  "ANALYST",
  "PARTNER_AUDIENCE_MANAGER",
  "POST_COMPOSER",
] as const;

/** spec §4.3: the calling user's permissions; the record's other fields are not shown. */
export const authenticatedUserAccessSchema = z.looseObject({
  user_id: z.string().optional(),
  permissions: z.array(openEnum(USER_ACCESS_PERMISSIONS)).optional(),
});
export type AuthenticatedUserAccess = z.output<typeof authenticatedUserAccessSchema>;
