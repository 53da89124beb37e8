import { flag } from "../fields/booleans.js";
import { integer } from "../fields/numbers.js";
import type { IntegerBounds } from "../fields/numbers.js";
import { cursor } from "../fields/opaque.js";
import { sortBy } from "../fields/sort-by.js";
import { text } from "../fields/text.js";
import { LIMITS } from "../limits.js";
import { adsId } from "../scalars.js";

/** `:account_id` (spec §4.2: must belong to the authenticated user). */
export const accountPath = { account_id: adsId };

/** spec §4.2: single reads take with_deleted. */
export const withDeleted = { with_deleted: flag().optional() };

/** spec §4.2 paging: `count` (bounds differ on cards, §4.7) and `cursor`. */
export function pagingParams(count: IntegerBounds = LIMITS.listCount) {
  return { count: integer(count).optional(), cursor: cursor.optional() };
}

/**
 * spec §4.2 list parameters (LP). `sortable` lists the attributes `sort_by` accepts: what
 * ads-api sorts by for the endpoints it serves, the resource's §2 fields for the others.
 */
export function listParams(
  sortable: readonly [string, ...string[]],
  count: IntegerBounds = LIMITS.listCount,
) {
  return {
    ...pagingParams(count),
    sort_by: sortBy(sortable).optional(),
    with_deleted: flag().optional(),
    with_total_count: flag().optional(),
  };
}

/** spec §4.2 / §4.3 / §4.5: `q` prefix search, 1 to 255 characters. */
export const nameQuery = { q: text(LIMITS.queryLength).optional() };

/** spec §4.7: `q` on card lists, at most 80 characters. */
export const cardNameQuery = { q: text(LIMITS.cardQueryLength).optional() };

/** Attributes every advertising resource has (spec §2.1) and ads-api sorts by. */
const COMMON_SORTABLE = ["id", "created_at", "updated_at"] as const;

/**
 * `sort_by` attributes per list, declared once here and read as `endpoint.sortable`:
 * rest-client validates `sort_by` against them, ads-api sorts by exactly them (its services
 * only say which column holds each) and the GraphQL `<Name>SortField` enums offer them. Lists
 * ads-api does not serve name the resource's fields of spec §2.
 */
export const SORTABLE = {
  accounts: ["id", "name", "timezone", "created_at", "updated_at"],
  accountApps: ["id", "name", "created_at", "updated_at"],
  campaigns: [
    "id",
    "name",
    "created_at",
    "updated_at",
    "entity_status",
    "currency",
    "funding_instrument_id",
    "daily_budget_amount_local_micro",
    "total_budget_amount_local_micro",
    "start_time",
    "end_time",
  ],
  fundingInstruments: [
    "id",
    "created_at",
    "updated_at",
    "start_time",
    "end_time",
    "currency",
    "type",
    "description",
  ],
  lineItems: [
    ...COMMON_SORTABLE,
    "name",
    "campaign_id",
    "entity_status",
    "objective",
    "product_type",
    "bid_amount_local_micro",
    "total_budget_amount_local_micro",
  ],
  cards: ["id", "name", "card_type", "created_at", "updated_at"],
  targetingCriteria: [...COMMON_SORTABLE, "line_item_id", "targeting_type"],
  accountMedia: ["id", "created_at", "updated_at", "creative_type"],
  mediaCreatives: [...COMMON_SORTABLE, "account_media_id", "line_item_id"],
  curatedCategoryLinks: [...COMMON_SORTABLE, "line_item_id", "curated_category_id"],
  promotedAccounts: [...COMMON_SORTABLE, "line_item_id", "user_id", "entity_status"],
  promotedPosts: [...COMMON_SORTABLE, "line_item_id", "post_id", "entity_status"],
  trackingTags: [...COMMON_SORTABLE, "line_item_id", "tracking_tag_type"],
  customAudiences: [...COMMON_SORTABLE, "name", "audience_type", "audience_size"],
  audiencePermissions: [...COMMON_SORTABLE, "granted_account_id", "permission_level"],
  promotableUsers: COMMON_SORTABLE,
} as const satisfies Readonly<Record<string, readonly [string, ...string[]]>>;
