import { ruleIssue } from "../fields/issue.js";
import { VIOLATION_CODES } from "../violations.js";
import type { Rule } from "./context.js";
import { isPresent } from "./context.js";

/** spec §4.5: daily budget must be <= total budget (both in the same currency). */
export const dailyWithinTotal: Rule = (params, ctx) => {
  const daily = params.daily_budget_amount_local_micro;
  const total = params.total_budget_amount_local_micro;
  if (typeof daily === "number" && typeof total === "number" && daily > total) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.CONFLICTING_PARAMETERS,
      ["daily_budget_amount_local_micro"],
      `daily_budget_amount_local_micro (${daily}) must not exceed total_budget_amount_local_micro (${total})`,
    );
  }
};

/** spec §4.5: standard_delivery only when budget_optimization is CAMPAIGN (its default). */
export const standardDeliveryNeedsCampaignBudget: Rule = (params, ctx) => {
  if (isPresent(params.standard_delivery) && params.budget_optimization === "LINE_ITEM") {
    ruleIssue(
      ctx,
      VIOLATION_CODES.CONFLICTING_PARAMETERS,
      ["standard_delivery"],
      "standard_delivery is only allowed when budget_optimization is CAMPAIGN (got LINE_ITEM)",
    );
  }
};

/**
 * The update's form of the rule above: a campaign read back whole carries its stored
 * `standard_delivery` (true, the default, on every campaign), so only turning standard delivery
 * off in a request that also says LINE_ITEM is a conflict the request shows by itself. The
 * stored optimization is ads-api's to check (`campaign-writes.ts`), by the same reading.
 */
export const standardDeliveryOffNeedsCampaignBudget: Rule = (params, ctx) => {
  if (params.standard_delivery === false && params.budget_optimization === "LINE_ITEM") {
    ruleIssue(
      ctx,
      VIOLATION_CODES.CONFLICTING_PARAMETERS,
      ["standard_delivery"],
      "standard_delivery can be turned off only when budget_optimization is CAMPAIGN (got LINE_ITEM)",
    );
  }
};
