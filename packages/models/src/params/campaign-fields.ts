import { flag } from "../fields/booleans.js";
import { money } from "../fields/numbers.js";
import { text } from "../fields/text.js";
import { LIMITS } from "../limits.js";
import { ruleIssue } from "../fields/issue.js";
import { adsId } from "../scalars.js";
import { budgetOptimizationSchema, entityStatusSchema } from "../resources/campaign.js";
import {
  dailyWithinTotal,
  standardDeliveryNeedsCampaignBudget,
  standardDeliveryOffNeedsCampaignBudget,
} from "../rules/campaign-budget.js";
import type { Rule } from "../rules/context.js";
import { VIOLATION_CODES } from "../violations.js";

/** spec §4.5 campaign parameters (PUT lists them; create and batch reuse them), all optional. */
export const campaignFields = {
  name: text({ min: 1, max: LIMITS.campaignName }).optional(),
  funding_instrument_id: adsId.optional(),
  budget_optimization: budgetOptimizationSchema.optional(),
  daily_budget_amount_local_micro: money().optional(),
  total_budget_amount_local_micro: money().optional(),
  entity_status: entityStatusSchema.optional(),
  purchase_order_number: text({ max: LIMITS.purchaseOrderNumber }).optional(),
  standard_delivery: flag().optional(),
};

/** spec §4.5 PUT lists no funding_instrument_id: a campaign keeps the instrument it was created with. */
const { funding_instrument_id: _notUpdatable, ...updatable } = campaignFields;
export const campaignUpdateFields = updatable;

export const campaignRules: readonly Rule[] = [
  dailyWithinTotal,
  standardDeliveryNeedsCampaignBudget,
];

/**
 * On update, a campaign read back whole sends both standard_delivery (true by default) and
 * budget_optimization, and must pass when neither changes: only turning standard delivery off
 * under LINE_ITEM is refused here; ads-api checks the same against the stored campaign.
 */
export const campaignUpdateRules: readonly Rule[] = [
  dailyWithinTotal,
  standardDeliveryOffNeedsCampaignBudget,
];

/**
 * spec §4.5 create shows parameters without saying which are required. This service's choice
 * (ads-api README, "Where the spec is silent"): a campaign needs a name and the funding
 * instrument that gives it its currency.
 */
export const campaignCreateNeeds: Rule = (params, ctx) => {
  // Only absence: a given but bad value (an empty name) fails on its own rule.
  for (const name of ["name", "funding_instrument_id"] as const) {
    if (params[name] === undefined) {
      ruleIssue(ctx, VIOLATION_CODES.MISSING_PARAMETER, [name], `${name} is required`);
    }
  }
};

export const campaignCreateRules: readonly Rule[] = [...campaignRules, campaignCreateNeeds];
