import { z } from "zod";
import { BATCH_OPERATION_TYPES } from "../envelopes.js";
import { flag } from "../fields/booleans.js";
import { WHEN_OBJECT, ruleIssue } from "../fields/issue.js";
import { money } from "../fields/numbers.js";
import { text } from "../fields/text.js";
import { LIMITS } from "../limits.js";
import { budgetOptimizationSchema, entityStatusSchema } from "../resources/campaign.js";
import { dailyWithinTotal, standardDeliveryNeedsCampaignBudget } from "../rules/campaign-budget.js";
import { defaultRuleContext, isPresent } from "../rules/context.js";
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

export const campaignRules: readonly Rule[] = [
  dailyWithinTotal,
  standardDeliveryNeedsCampaignBudget,
];

/** Update and Delete items must say which campaign (the PUT/DELETE paths carry it). */
const campaignIdForUpdates: Rule = (item, ctx) => {
  const params = item.params;
  const hasId =
    typeof params === "object" &&
    params !== null &&
    isPresent((params as Record<string, unknown>).campaign_id);
  if ((item.operation_type === "Update" || item.operation_type === "Delete") && !hasId) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.MISSING_PARAMETER,
      ["params", "campaign_id"],
      `params.campaign_id is required on ${item.operation_type} operations`,
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
        campaignIdForUpdates(item, ctx, defaultRuleContext);
      }, WHEN_OBJECT),
  )
  .min(1, "must hold at least one operation");
