import { CATEGORIES_OBJECTIVE } from "@adsgraph/models";
import { BadRequestError, ERROR_CODES } from "../errors.js";
import type { ReferenceData } from "../reference/reference-data.js";

/**
 * State rules of a line item: what the catalog cannot see because it needs the reference
 * data (§4.4) or the stored campaign and line item. Each throws a 400 naming the parameter.
 */

/**
 * spec §4.4 line_items/placements: the placements must be one of the combinations listed for
 * the product type, in any order (the catalog refuses repeats). Returns them in the listed order.
 */
export function checkPlacements(
  reference: ReferenceData,
  productType: string,
  placements: readonly string[],
): string[] {
  const combinations = reference.placements
    .filter((entry) => entry.product_type === productType)
    .flatMap((entry) => entry.placements);
  const wanted = [...placements].sort().join(",");
  const match = combinations.find((combination) => [...combination].sort().join(",") === wanted);
  if (match === undefined) {
    throw BadRequestError.of(
      ERROR_CODES.INVALID_PARAMETER,
      `placements must be one of the combinations GET line_items/placements lists for product_type ${productType}: ${combinations.map((combination) => combination.join(",")).join(" | ")}`,
      "placements",
    );
  }
  return [...match];
}

/** spec §4.4: categories are advertiser business category ids, on PREROLL_VIEWS only. */
export function checkCategories(
  reference: ReferenceData,
  objective: string,
  categories: readonly string[],
): void {
  if (objective !== CATEGORIES_OBJECTIVE) {
    throw BadRequestError.of(
      ERROR_CODES.CONFLICTING_PARAMETERS,
      `categories are only allowed when objective is ${CATEGORIES_OBJECTIVE} (the line item's is ${objective})`,
      "categories",
    );
  }
  const known = new Set(reference.businessCategories.map((category) => String(category.id)));
  const unknown = categories.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw BadRequestError.of(
      ERROR_CODES.INVALID_PARAMETER,
      `categories must be ids of GET advertiser_business_categories (unknown: ${unknown.join(", ")})`,
      "categories",
    );
  }
}

/** A line item cannot budget more than its campaign's total budget, when the campaign has one. */
export function checkBudgetWithinCampaign(
  lineItemTotal: number | null,
  campaignTotal: number | null,
): void {
  if (lineItemTotal !== null && campaignTotal !== null && lineItemTotal > campaignTotal) {
    throw BadRequestError.of(
      ERROR_CODES.CONFLICTING_PARAMETERS,
      `total_budget_amount_local_micro (${lineItemTotal}) must not exceed the campaign's total budget (${campaignTotal})`,
      "total_budget_amount_local_micro",
    );
  }
}

/**
 * Bids against the stored line item: AUTO bids no amount, MAX and TARGET need one. Returns
 * the strategy and amount the line item ends with.
 */
export function resolveBid(
  strategy: string,
  amount: number | null,
  amountGiven: boolean,
): { strategy: string; amount: number | null } {
  if (strategy === "AUTO") {
    if (amountGiven) {
      throw BadRequestError.of(
        ERROR_CODES.CONFLICTING_PARAMETERS,
        "bid_amount_local_micro is not allowed when bid_strategy is AUTO (send bid_strategy MAX or TARGET with it)",
        "bid_amount_local_micro",
      );
    }
    return { strategy, amount: null };
  }
  if (amount === null) {
    throw BadRequestError.of(
      ERROR_CODES.MISSING_PARAMETER,
      `bid_amount_local_micro is required when bid_strategy is ${strategy}`,
      "bid_amount_local_micro",
    );
  }
  return { strategy, amount };
}
