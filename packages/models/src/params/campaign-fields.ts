import { z } from "zod";
import { BATCH_OPERATION_TYPES } from "../envelopes.js";
import { flag } from "../fields/booleans.js";
import { WHEN_OBJECT, ruleIssue } from "../fields/issue.js";
import { money } from "../fields/numbers.js";
import { text } from "../fields/text.js";
import { LIMITS } from "../limits.js";
import { budgetOptimizationSchema, entityStatusSchema } from "../resources/campaign.js";
import { dailyWithinTotal, standardDeliveryNeedsCampaignBudget } from "../rules/campaign-budget.js";
import { defaultRuleContext, isPresent, isRecord } from "../rules/context.js";
import type { Rule } from "../rules/context.js";
import { adsId } from "../scalars.js";
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

/**
 * Per operation type, as the single calls: Update and Delete items say which campaign (the
 * PUT/DELETE paths carry it); Create items need what campaigns.create needs; Update items
 * cannot move a campaign to another funding instrument (campaigns.update takes none).
 */
const campaignOperationRules: Rule = (item, ctx) => {
  const params = isRecord(item.params) ? item.params : {};
  const type = item.operation_type;
  if ((type === "Update" || type === "Delete") && !isPresent(params.campaign_id)) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.MISSING_PARAMETER,
      ["params", "campaign_id"],
      `params.campaign_id is required on ${type} operations`,
    );
  }
  if (type === "Create") {
    for (const name of ["name", "funding_instrument_id"] as const) {
      if (params[name] === undefined) {
        ruleIssue(ctx, VIOLATION_CODES.MISSING_PARAMETER, ["params", name], `${name} is required`);
      }
    }
  }
  if (type === "Update" && isPresent(params.funding_instrument_id)) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.INVALID_PARAMETER,
      ["params", "funding_instrument_id"],
      "funding_instrument_id of a campaign cannot be changed",
    );
  }
};

/** spec §4.5 batch: JSON array of `{operation_type, params}`; answers keep input order. */
export const campaignBatchOperations = z
  .array(
    z
      .strictObject({
        operation_type: z.enum(BATCH_OPERATION_TYPES),
        params: z
          .looseObject({ campaign_id: adsId.optional(), ...campaignFields })
          .superRefine((params, ctx) => {
            for (const rule of campaignRules) rule(params, ctx, defaultRuleContext);
          }, WHEN_OBJECT),
      })
      .superRefine((item, ctx) => {
        campaignOperationRules(item, ctx, defaultRuleContext);
      }, WHEN_OBJECT),
  )
  .min(1, "must hold at least one operation")
  .max(
    LIMITS.campaignBatch,
    `must hold at most ${LIMITS.campaignBatch} operations (a choice of this service: the spec gives no campaign-batch cap)`,
  );
