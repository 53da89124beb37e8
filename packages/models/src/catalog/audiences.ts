import { z } from "zod";
import { flag } from "../fields/booleans.js";
import { countryCode } from "../fields/country-code.js";
import { idList, wordList } from "../fields/lists.js";
import { sortBy } from "../fields/sort-by.js";
import { text } from "../fields/text.js";
import { timestampParam } from "../fields/timestamps.js";
import { customAudienceBatchOperations } from "../params/audience-segments.js";
import { audienceUsersOperations, doNotReachOperations } from "../params/users-batch.js";
import {
  audiencePermissionSchema,
  customAudienceSchema,
  doNotReachListSchema,
  keywordInsightSchema,
  permissionLevelSchema,
  targetedAudienceEntrySchema,
  usersBatchResultSchema,
} from "../resources/audiences.js";
import { keywordInsightsCount, keywordInsightsWindow } from "../rules/time-window.js";
import { adsId } from "../scalars.js";
import { SORTABLE, accountPath, listParams, pagingParams } from "./common-params.js";
import { LIMITS } from "../limits.js";
import { endpoint, group } from "./endpoint.js";
import { batch, collection, list, rawJson, single } from "./responses.js";

const tailoredPath = { ...accountPath, tailored_audience_id: adsId };
const customPath = { ...accountPath, custom_audience_id: adsId };
const with_total_count = flag().optional();
const permissionsSortBy = sortBy(SORTABLE.audiencePermissions).optional();
const audienceName = text({ min: 1 });
/** Descriptions may span lines. */
const description = text({ lineBreaks: true });
const grant = { granted_account_id: adsId, permission_level: permissionLevelSchema };

/** spec §4.8 audiences and insights. */
export const audienceEndpoints = group(
  endpoint({
    id: "insights.keywords.search",
    method: "GET",
    path: "/insights/keywords/search",
    summary:
      "Related keywords and post volume for a few keywords over a short window, scoped to one country.",
    params: {
      granularity: z.enum(["DAY", "HOUR"]),
      keywords: wordList(),
      start_time: timestampParam(),
      end_time: timestampParam().optional(),
      // "country-level targeting value": an alpha-2 code or the country's targeting value, read as
      // the alpha-2 code (fields/country-code.ts); absent means US (ads-api README).
      location: countryCode().optional(),
      negative_keywords: wordList().optional(),
    },
    rules: [keywordInsightsCount, keywordInsightsWindow],
    response: single(keywordInsightSchema),
  }),
  endpoint({
    id: "tailored_audiences.permissions.list",
    method: "GET",
    version: "5",
    path: "/accounts/:account_id/tailored_audiences/:tailored_audience_id/permissions",
    capability: "audiences:read",
    lookups: [{ param: "tailored_audience_permission_ids", key: "id" }],
    summary: "Accounts a tailored audience is shared with.",
    params: {
      ...tailoredPath,
      ...pagingParams(),
      granted_account_ids: idList().optional(),
      sort_by: permissionsSortBy,
      tailored_audience_permission_ids: idList().optional(),
      with_total_count,
    },
    response: list(audiencePermissionSchema),
  }),
  endpoint({
    id: "tailored_audiences.permissions.create",
    method: "POST",
    version: "5",
    path: "/accounts/:account_id/tailored_audiences/:tailored_audience_id/permissions",
    capability: "audiences:write",
    summary: "Share a tailored audience (owner only).",
    params: { ...tailoredPath, ...grant },
    response: single(audiencePermissionSchema),
  }),
  endpoint({
    id: "tailored_audiences.permissions.delete",
    method: "DELETE",
    version: "5",
    path: "/accounts/:account_id/tailored_audiences/:tailored_audience_id/permissions/:tailored_audience_permission_id",
    capability: "audiences:write",
    summary: "Revoke a tailored-audience share (owner only).",
    params: { ...tailoredPath, tailored_audience_permission_id: adsId },
    response: single(audiencePermissionSchema),
  }),
  endpoint({
    id: "custom_audiences.targeted.list",
    method: "GET",
    path: "/accounts/:account_id/custom_audiences/:custom_audience_id/targeted",
    capability: "audiences:read",
    // spec §4.8: "active or all" line items and campaigns; the parameters are not shown, so
    // the vendor's: with_active (default true: only active ones), count and cursor.
    summary: "Campaigns and their line items targeting the audience (active ones, or all).",
    params: { ...customPath, with_active: flag().optional(), ...pagingParams() },
    response: list(targetedAudienceEntrySchema),
  }),
  endpoint({
    id: "custom_audiences.list",
    method: "GET",
    path: "/accounts/:account_id/custom_audiences",
    capability: "audiences:read",
    lookups: [{ param: "custom_audience_ids", key: "id" }],
    summary: "Custom audiences of the account.",
    params: {
      ...accountPath,
      custom_audience_ids: idList().optional(),
      ...listParams(SORTABLE.customAudiences),
    },
    response: list(customAudienceSchema),
  }),
  endpoint({
    id: "custom_audiences.get",
    method: "GET",
    path: "/accounts/:account_id/custom_audiences/:custom_audience_id",
    capability: "audiences:read",
    summary: "One custom audience.",
    params: customPath,
    response: single(customAudienceSchema),
  }),
  endpoint({
    id: "custom_audiences.create",
    method: "POST",
    path: "/accounts/:account_id/custom_audiences",
    capability: "audiences:write",
    summary: "Create a custom audience (name unique).",
    params: {
      ...accountPath,
      name: audienceName,
      description: description.optional(),
    },
    response: single(customAudienceSchema),
  }),
  endpoint({
    id: "custom_audiences.update",
    method: "PUT",
    path: "/accounts/:account_id/custom_audiences/:custom_audience_id",
    capability: "audiences:write",
    summary: "Rename or describe a custom audience (flexible audiences are immutable).",
    params: {
      ...customPath,
      name: audienceName.optional(),
      description: description.optional(),
    },
    response: single(customAudienceSchema),
  }),
  endpoint({
    id: "custom_audiences.delete",
    method: "DELETE",
    path: "/accounts/:account_id/custom_audiences/:custom_audience_id",
    capability: "audiences:write",
    summary: "Delete a custom audience.",
    params: customPath,
    response: single(customAudienceSchema),
  }),
  endpoint({
    id: "custom_audiences.batch",
    method: "POST",
    path: "/batch/accounts/:account_id/custom_audiences",
    capability: "audiences:write",
    batch: { operations: LIMITS.customAudienceBatch.items },
    summary:
      "Create, update or delete flexible and mobile audiences (closed beta, all-or-nothing).",
    params: { ...accountPath, operations: customAudienceBatchOperations },
    locations: { operations: "body" },
    response: batch(customAudienceSchema),
  }),
  endpoint({
    id: "custom_audiences.users.batch",
    method: "POST",
    path: "/accounts/:account_id/custom_audiences/:custom_audience_id/users",
    capability: "audiences:write",
    batch: { operations: LIMITS.usersBatch.operations, bytes: LIMITS.usersBatch.bytes },
    summary: "Add or remove hashed users of a custom audience.",
    params: { ...customPath, operations: audienceUsersOperations },
    locations: { operations: "body" },
    personalData: ["operations"],
    response: rawJson(usersBatchResultSchema),
  }),
  endpoint({
    id: "custom_audiences.permissions.list",
    method: "GET",
    path: "/accounts/:account_id/custom_audiences/:custom_audience_id/permissions",
    capability: "audiences:read",
    lookups: [{ param: "custom_audience_permission_ids", key: "id" }],
    summary: "Accounts a custom audience is shared with.",
    params: {
      ...customPath,
      ...pagingParams(),
      granted_account_ids: idList().optional(),
      sort_by: permissionsSortBy,
      custom_audience_permission_ids: idList().optional(),
      with_total_count,
    },
    response: list(audiencePermissionSchema),
  }),
  endpoint({
    id: "custom_audiences.permissions.get",
    method: "GET",
    path: "/accounts/:account_id/custom_audiences/:custom_audience_id/permissions/:custom_audience_permission_id",
    capability: "audiences:read",
    summary: "One custom-audience share.",
    params: { ...customPath, custom_audience_permission_id: adsId },
    response: single(audiencePermissionSchema),
  }),
  endpoint({
    id: "custom_audiences.permissions.create",
    method: "POST",
    path: "/accounts/:account_id/custom_audiences/:custom_audience_id/permissions",
    capability: "audiences:write",
    summary: "Share a custom audience (owner only).",
    params: { ...customPath, ...grant },
    response: single(audiencePermissionSchema),
  }),
  endpoint({
    id: "custom_audiences.permissions.delete",
    method: "DELETE",
    path: "/accounts/:account_id/custom_audiences/:custom_audience_id/permissions/:custom_audience_permission_id",
    capability: "audiences:write",
    summary: "Revoke a custom-audience share (owner only).",
    params: { ...customPath, custom_audience_permission_id: adsId },
    response: single(audiencePermissionSchema),
  }),
  endpoint({
    id: "do_not_reach_lists.list",
    method: "GET",
    path: "/accounts/:account_id/do_not_reach_lists",
    capability: "audiences:read",
    summary: "The account's do-not-reach list (one at most).",
    params: accountPath,
    response: collection(doNotReachListSchema),
  }),
  endpoint({
    id: "do_not_reach_lists.create",
    method: "POST",
    path: "/accounts/:account_id/do_not_reach_lists",
    capability: "audiences:write",
    summary: "Create the account's do-not-reach list.",
    params: { ...accountPath, description: description.optional() },
    response: single(doNotReachListSchema),
  }),
  endpoint({
    id: "do_not_reach_lists.delete",
    method: "DELETE",
    path: "/accounts/:account_id/do_not_reach_lists/:do_not_reach_list_id",
    capability: "audiences:write",
    summary: "Delete the do-not-reach list.",
    params: { ...accountPath, do_not_reach_list_id: adsId },
    response: single(doNotReachListSchema),
  }),
  endpoint({
    id: "do_not_reach_lists.users.batch",
    method: "POST",
    path: "/batch/accounts/:account_id/do_not_reach_lists/:do_not_reach_list_id/users",
    capability: "audiences:write",
    batch: { operations: LIMITS.usersBatch.operations, bytes: LIMITS.usersBatch.bytes },
    summary: "Add or remove hashed e-mails of the do-not-reach list, each with a near expiry.",
    params: (context) => ({
      ...accountPath,
      do_not_reach_list_id: adsId,
      operations: doNotReachOperations(context),
    }),
    locations: { operations: "body" },
    personalData: ["operations"],
    response: rawJson(usersBatchResultSchema),
  }),
);
