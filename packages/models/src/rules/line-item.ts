import { ruleIssue } from "../fields/issue.js";
import { LIMITS } from "../limits.js";
import { VIOLATION_CODES } from "../violations.js";
import type { Rule } from "./context.js";
import { isPresent } from "./context.js";

/** Objective whose line items carry advertiser business categories (spec §4.4). */
export const CATEGORIES_OBJECTIVE = "PREROLL_VIEWS";

/**
 * spec §4.4 advertiser_business_categories: "Categories apply only to line items with
 * objective PREROLL_VIEWS; one or two must be set on such a line item". The count is the
 * field's own rule; on update the objective is the stored one, which ads-api checks.
 */
export const categoriesOnlyForPreroll: Rule = (params, ctx) => {
  const objective = params.objective;
  if (typeof objective !== "string") return;
  if (objective !== CATEGORIES_OBJECTIVE && isPresent(params.categories)) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.CONFLICTING_PARAMETERS,
      ["categories"],
      `categories are only allowed when objective is ${CATEGORIES_OBJECTIVE} (got ${objective})`,
    );
  }
};

/** spec §4.4, on create: a PREROLL_VIEWS line item needs its one or two categories. */
export const prerollNeedsCategories: Rule = (params, ctx) => {
  if (params.objective === CATEGORIES_OBJECTIVE && params.categories === undefined) {
    const { min, max } = LIMITS.lineItemCategories;
    ruleIssue(
      ctx,
      VIOLATION_CODES.MISSING_PARAMETER,
      ["categories"],
      `categories (${min} or ${max} advertiser business category ids) are required when objective is ${CATEGORIES_OBJECTIVE}`,
    );
  }
};

/**
 * Bids (vendor v11 line items, as the recordings show them): AUTO bidding takes no amount;
 * MAX and TARGET bid an amount. On create an absent strategy means AUTO without an amount
 * and MAX with one (ads-api README), so only the contradictions are errors here.
 */
export const bidAmountForStrategy: Rule = (params, ctx) => {
  const strategy = params.bid_strategy;
  const amount = params.bid_amount_local_micro;
  if (strategy === "AUTO" && isPresent(amount)) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.CONFLICTING_PARAMETERS,
      ["bid_amount_local_micro"],
      "bid_amount_local_micro is not allowed when bid_strategy is AUTO",
    );
  }
};

/** On create, MAX and TARGET need the amount they bid. */
export const bidStrategyNeedsAmount: Rule = (params, ctx) => {
  const strategy = params.bid_strategy;
  if ((strategy === "MAX" || strategy === "TARGET") && !isPresent(params.bid_amount_local_micro)) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.MISSING_PARAMETER,
      ["bid_amount_local_micro"],
      `bid_amount_local_micro is required when bid_strategy is ${strategy}`,
    );
  }
};

/** A placement or category listed twice says nothing more and is a mistake: refused. */
export const noRepeatedItems: Rule = (params, ctx) => {
  for (const name of ["placements", "categories"] as const) {
    const items: unknown = params[name];
    if (!Array.isArray(items)) continue;
    const list: readonly unknown[] = items;
    const repeated = list.find((item, index) => list.indexOf(item) !== index);
    if (repeated !== undefined) {
      ruleIssue(
        ctx,
        VIOLATION_CODES.INVALID_PARAMETER,
        [name],
        `${name} must not list ${JSON.stringify(repeated)} twice`,
      );
    }
  }
};
