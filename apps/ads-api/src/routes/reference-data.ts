import { LIMITS } from "@adsgraph/models";
import type { IabCategory } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import type { AdsHandlers } from "./ads-route.js";
import { collection } from "../services/results.js";
import type { ListResult } from "../services/results.js";
import { resolveSort } from "../paging/keyset-paging.js";

const IAB_SORT = resolveSort(undefined, { id: { field: "id", type: "string" } }, "id-asc");

/** IAB categories in taxonomy order, paged by position with the same opaque cursors. */
function pageIab(
  ctx: AppContext,
  params: {
    count?: number | undefined;
    cursor?: string | undefined;
    with_total_count?: boolean | undefined;
  },
): ListResult<IabCategory> {
  const all = ctx.reference.iabCategories;
  const count = params.count ?? LIMITS.listCount.default;
  let start = 0;
  if (params.cursor !== undefined) {
    const after = ctx.cursors.decode(params.cursor, "iab_categories", IAB_SORT);
    start = all.findIndex((item) => item.id === after.id) + 1;
  }
  const page = all.slice(start, start + count);
  const last = page[page.length - 1];
  const more = start + count < all.length && last !== undefined;
  return {
    kind: "list",
    data: page,
    nextCursor: more
      ? ctx.cursors.encode("iab_categories", IAB_SORT, { value: last.id, id: last.id })
      : null,
    totalCount: params.with_total_count === true ? all.length : undefined,
    dataType: "iab_category",
  };
}

/** spec §4.4 reference data (served from data/*.json). */
export const referenceDataHandlers: AdsHandlers = {
  "advertiser_business_categories.list": ({ ctx }) =>
    Promise.resolve(collection(ctx.reference.businessCategories, "advertiser_business_category")),
  "bidding_rules.list": ({ ctx, params }) =>
    Promise.resolve(
      collection(
        ctx.reference.biddingRules.filter(
          (rule) => params.currency === undefined || rule.currency === params.currency,
        ),
        "bidding_rule",
      ),
    ),
  "content_categories.list": ({ ctx }) =>
    Promise.resolve(collection(ctx.reference.contentCategories, "content_category")),
  "iab_categories.list": ({ ctx, params }) => Promise.resolve(pageIab(ctx, params)),
  "placements.list": ({ ctx, params }) =>
    Promise.resolve(
      collection(
        ctx.reference.placements.filter(
          (entry) =>
            params.product_type === undefined || entry.product_type === params.product_type,
        ),
        "placement",
      ),
    ),
};
