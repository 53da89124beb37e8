import { contentCategorySchema, iabCategorySchema } from "../resources/categories.js";
import {
  advertiserBusinessCategorySchema,
  biddingRuleSchema,
  placementSchema,
} from "../resources/records.js";
import { lineItemProductTypeSchema } from "../resources/line-item.js";
import { flag } from "../fields/booleans.js";
import { currencyCode } from "../scalars.js";
import { pagingParams } from "./common-params.js";
import { endpoint, group } from "./endpoint.js";
import { collection, list } from "./responses.js";

/** spec §4.4 reference data (not account-scoped). */
export const referenceDataEndpoints = group(
  endpoint({
    id: "advertiser_business_categories.list",
    freshness: "reference",
    method: "GET",
    auth: "bearer-or-user",
    path: "/advertiser_business_categories",
    summary: "Business categories for PREROLL_VIEWS line items.",
    response: collection(advertiserBusinessCategorySchema),
  }),
  endpoint({
    id: "bidding_rules.list",
    freshness: "reference",
    method: "GET",
    auth: "bearer-or-user",
    path: "/bidding_rules",
    summary: "Minimum and maximum cost-per-engagement bids, per currency.",
    params: { currency: currencyCode.optional() },
    response: collection(biddingRuleSchema),
  }),
  endpoint({
    id: "content_categories.list",
    freshness: "reference",
    method: "GET",
    auth: "bearer-or-user",
    path: "/content_categories",
    summary: "Content categories with their IAB category mapping.",
    response: collection(contentCategorySchema),
  }),
  endpoint({
    id: "iab_categories.list",
    freshness: "reference",
    method: "GET",
    auth: "bearer-or-user",
    path: "/iab_categories",
    summary: "IAB categories.",
    params: {
      ...pagingParams(),
      with_total_count: flag().optional(),
    },
    response: list(iabCategorySchema),
  }),
  endpoint({
    id: "placements.list",
    freshness: "reference",
    method: "GET",
    auth: "bearer-or-user",
    path: "/line_items/placements",
    summary: "Valid placement combinations per product type.",
    params: { product_type: lineItemProductTypeSchema.optional() },
    response: collection(placementSchema),
  }),
);
