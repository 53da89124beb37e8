import { z } from "zod";
import { BATCH_OPERATION_TYPES } from "../envelopes.js";
import { WHEN_OBJECT, fieldIssue, ruleIssue } from "../fields/issue.js";
import { text } from "../fields/text.js";
import { LIMITS } from "../limits.js";
import { isRecord } from "../rules/context.js";
import { adsId } from "../scalars.js";
import { VIOLATION_CODES } from "../violations.js";

export const FREQUENCY_COMPARATORS = ["NUM_GTE", "NUM_GT", "NUM_EQ", "NUM_LTE", "NUM_LT"] as const;
export const BOOLEAN_OPERATORS = ["AND", "OR"] as const;

/** A node of a flexible audience (spec §4.8 batch params); leaves name a custom audience. */
export interface AudienceSegment {
  custom_audience_id?: string | undefined;
  lookback_window?: number | undefined;
  frequency?: number | undefined;
  frequency_comparator?: (typeof FREQUENCY_COMPARATORS)[number] | undefined;
  negate?: boolean | undefined;
  boolean_operator?: (typeof BOOLEAN_OPERATORS)[number] | undefined;
  child_segments?: AudienceSegment[] | undefined;
  [key: string]: unknown;
}

/** spec §4.8: lookback_window is 1, 7, 14 or 30 days. */
const lookbackWindow = z.number({ error: "must be a number of days" }).superRefine((days, ctx) => {
  const allowed: readonly number[] = LIMITS.lookbackWindowDays;
  if (!allowed.includes(days)) {
    fieldIssue(
      ctx,
      VIOLATION_CODES.INVALID_PARAMETER,
      `must be one of ${allowed.join(", ")} days (got ${days})`,
    );
  }
});

const segmentFields = {
  custom_audience_id: adsId.optional(),
  lookback_window: lookbackWindow.optional(),
  frequency: z.number().int().min(1).optional(),
  frequency_comparator: z.enum(FREQUENCY_COMPARATORS).optional(),
  negate: z.boolean().optional(),
  boolean_operator: z.enum(BOOLEAN_OPERATORS).optional(),
};

/** spec §4.8: boolean_operator is needed when child_segments is non-empty. */
function operatorWithChildren(node: Readonly<Record<string, unknown>>, ctx: z.RefinementCtx): void {
  if (
    Array.isArray(node.child_segments) &&
    node.child_segments.length > 0 &&
    node.boolean_operator === undefined
  ) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.MISSING_PARAMETER,
      ["boolean_operator"],
      "boolean_operator (AND or OR) is required when child_segments is non-empty",
    );
  }
}

export const audienceSegmentSchema: z.ZodType<AudienceSegment> = z
  .looseObject({
    ...segmentFields,
    get child_segments() {
      return z.array(audienceSegmentSchema).optional();
    },
  })
  .superRefine(operatorWithChildren, WHEN_OBJECT);

/** A leaf is a node without children; a node with children counts its leaves. */
export function countLeafSegments(node: unknown): number {
  if (!isRecord(node)) return 0;
  const children = Array.isArray(node.child_segments) ? (node.child_segments as unknown[]) : [];
  return children.length === 0
    ? 1
    : children.reduce<number>((sum, child) => sum + countLeafSegments(child), 0);
}

/** spec §4.8 / §8: at most 10 leaf segments per flexible audience. */
function leafSegmentLimit(params: Readonly<Record<string, unknown>>, ctx: z.RefinementCtx): void {
  const children = Array.isArray(params.child_segments) ? (params.child_segments as unknown[]) : [];
  const leaves =
    countLeafSegments(params.segments) +
    children.reduce<number>((sum, child) => sum + countLeafSegments(child), 0);
  const max = LIMITS.customAudienceBatch.leafSegments;
  if (leaves > max) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.TOO_MANY_ITEMS,
      ["child_segments"],
      `segments and child_segments may hold at most ${max} leaf segments in one flexible audience (got ${leaves})`,
    );
  }
}

const batchItemParams = z
  .looseObject({
    audience_type: z.enum(["FLEXIBLE", "MOBILE_AUDIENCE"]).optional(),
    name: text({ min: 1 }).optional(),
    segments: audienceSegmentSchema.optional(),
    ...segmentFields,
    child_segments: z.array(audienceSegmentSchema).optional(),
  })
  .superRefine((params, ctx) => {
    operatorWithChildren(params, ctx);
    leafSegmentLimit(params, ctx);
  }, WHEN_OBJECT);

/** spec §4.8: JSON body of the custom-audience batch, at most 10 items, all-or-nothing. */
export const customAudienceBatchOperations = z
  .array(z.strictObject({ operation_type: z.enum(BATCH_OPERATION_TYPES), params: batchItemParams }))
  .superRefine((items, ctx) => {
    const max = LIMITS.customAudienceBatch.items;
    if (items.length > max)
      fieldIssue(
        ctx,
        VIOLATION_CODES.TOO_MANY_ITEMS,
        `may hold at most ${max} items (got ${items.length})`,
      );
    if (items.length === 0)
      fieldIssue(ctx, VIOLATION_CODES.TOO_FEW_ITEMS, "must hold at least one item");
  });
