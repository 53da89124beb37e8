import { z } from "zod";
import { LIMITS } from "../limits.js";
import { adsId, currencyCode, localMicro, openEnum, timestamp } from "../scalars.js";
import { advertisingFields } from "./common.js";

export const BUDGET_OPTIMIZATIONS = ["CAMPAIGN", "LINE_ITEM"] as const;
export const budgetOptimizationSchema = z.enum(BUDGET_OPTIMIZATIONS);
export const ENTITY_STATUSES = ["ACTIVE", "PAUSED"] as const;
export const entityStatusSchema = z.enum(ENTITY_STATUSES);

/**
 * spec §2.3. The v11 recordings lack budget_optimization, effective_status,
 * purchase_order_number, duration_in_days and frequency_cap, and one lacks entity_status,
 * so those are optional; start_time, end_time and account_id are real fields the spec omits.
 */
export const campaignSchema = z.looseObject({
  ...advertisingFields,
  name: z.string().max(LIMITS.campaignName),
  funding_instrument_id: adsId,
  budget_optimization: budgetOptimizationSchema.optional(),
  daily_budget_amount_local_micro: localMicro.nullable(),
  total_budget_amount_local_micro: localMicro.nullable(),
  standard_delivery: z.boolean(),
  purchase_order_number: z.string().max(LIMITS.purchaseOrderNumber).nullable().optional(),
  entity_status: entityStatusSchema.optional(),
  effective_status: openEnum(["UNKNOWN", "RUNNING"]).optional(),
  servable: z.boolean().nullable(),
  reasons_not_servable: z.array(
    openEnum(["PAUSED_BY_ADVERTISER", "INCOMPLETE", "EXPIRED", "FUNDING_PROBLEM"]),
  ),
  duration_in_days: z.number().int().nullable().optional(),
  frequency_cap: z.number().int().nullable().optional(),
  currency: currencyCode,
  account_id: adsId.optional(),
  start_time: timestamp.nullable().optional(),
  end_time: timestamp.nullable().optional(),
});
export type Campaign = z.output<typeof campaignSchema>;
