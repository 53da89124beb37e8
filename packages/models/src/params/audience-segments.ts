import { z } from "zod";
import { BATCH_OPERATION_TYPES } from "../envelopes.js";
import { WHEN_OBJECT, fieldIssue, ruleIssue } from "../fields/issue.js";
import { text } from "../fields/text.js";
import { LIMITS } from "../limits.js";
import { isPresent, isRecord } from "../rules/context.js";
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

/** A leaf of a flexible audience and where it sits in the item's params. */
export interface LeafSegment {
  /** Path from the item's params, e.g. `["child_segments", 1, "child_segments", 0]`. */
  readonly path: readonly (string | number)[];
  readonly node: Readonly<Record<string, unknown>>;
}

function leavesOf(node: unknown, path: readonly (string | number)[], out: LeafSegment[]): void {
  if (!isRecord(node)) return;
  const children = Array.isArray(node.child_segments) ? (node.child_segments as unknown[]) : [];
  if (children.length === 0) {
    out.push({ path, node });
    return;
  }
  children.forEach((child, index) => {
    leavesOf(child, [...path, "child_segments", index], out);
  });
}

/**
 * The leaves of a flexible audience's definition, in order: those of `segments` (one node) and
 * of the params' own `child_segments` (the params are the root node then). Each leaf names a
 * custom audience (spec §4.8: "custom_audience_id (leaf)").
 */
export function leafSegments(params: Readonly<Record<string, unknown>>): LeafSegment[] {
  const out: LeafSegment[] = [];
  if (params.segments !== undefined) leavesOf(params.segments, ["segments"], out);
  const children = Array.isArray(params.child_segments) ? (params.child_segments as unknown[]) : [];
  children.forEach((child, index) => {
    leavesOf(child, ["child_segments", index], out);
  });
  return out;
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
    // spec §4.8 single PUT's other field: a batch Update changes name and description
    description: text({ lineBreaks: true }).optional(),
    segments: audienceSegmentSchema.optional(),
    ...segmentFields,
    child_segments: z.array(audienceSegmentSchema).optional(),
  })
  .superRefine((params, ctx) => {
    operatorWithChildren(params, ctx);
    leafSegmentLimit(params, ctx);
  }, WHEN_OBJECT);

/** Fields that define a flexible audience (its tree and the root's own leaf fields). */
const DEFINITION_FIELDS = [
  "segments",
  "child_segments",
  "boolean_operator",
  "lookback_window",
  "frequency",
  "frequency_comparator",
  "negate",
] as const;

function missing(ctx: z.RefinementCtx, path: readonly PropertyKey[], message: string): void {
  ruleIssue(ctx, VIOLATION_CODES.MISSING_PARAMETER, ["params", ...path], message);
}

function invalid(ctx: z.RefinementCtx, path: readonly PropertyKey[], message: string): void {
  ruleIssue(ctx, VIOLATION_CODES.INVALID_PARAMETER, ["params", ...path], message);
}

/**
 * Per operation type, what the single calls' paths and parameters would say (ads-api README,
 * "Where the spec is silent"): Update and Delete name their audience (`custom_audience_id`, as
 * the PUT and DELETE paths do); a Create names its type and a name (unique, spec §4.8) and, for
 * FLEXIBLE, at least one leaf, each naming an audience; a MOBILE_AUDIENCE is a plain audience
 * (no segments); a Create's own `custom_audience_id` would name nothing (its leaves sit under
 * segments or child_segments); an Update changes name and description only (a flexible
 * audience is immutable, spec §3: the server answers AUDIENCE_IMMUTABLE for one).
 */
function audienceOperationRules(
  item: Readonly<Record<string, unknown>>,
  ctx: z.RefinementCtx,
): void {
  const params = isRecord(item.params) ? item.params : {};
  const type = item.operation_type;
  if ((type === "Update" || type === "Delete") && !isPresent(params.custom_audience_id)) {
    missing(
      ctx,
      ["custom_audience_id"],
      `params.custom_audience_id is required on ${type} operations`,
    );
  }
  if (type === "Update") {
    for (const name of ["audience_type", ...DEFINITION_FIELDS] as const) {
      if (params[name] !== undefined) {
        invalid(
          ctx,
          [name],
          `${name} cannot be changed: an Update changes name and description only (a flexible audience is immutable, spec §3)`,
        );
      }
    }
  }
  if (type !== "Create") return;
  if (params.name === undefined) missing(ctx, ["name"], "name is required on Create operations");
  if (params.audience_type === undefined) {
    missing(
      ctx,
      ["audience_type"],
      "audience_type (FLEXIBLE or MOBILE_AUDIENCE) is required on Create operations",
    );
  }
  if (params.custom_audience_id !== undefined) {
    invalid(
      ctx,
      ["custom_audience_id"],
      "custom_audience_id names the audience of an Update or Delete; a Create's leaves go under segments or child_segments",
    );
  }
  if (params.audience_type === "MOBILE_AUDIENCE") {
    for (const name of DEFINITION_FIELDS) {
      if (params[name] !== undefined) {
        invalid(ctx, [name], `${name} defines a FLEXIBLE audience; a MOBILE_AUDIENCE takes none`);
      }
    }
  }
  if (params.audience_type !== "FLEXIBLE") return;
  const leaves = leafSegments(params);
  if (leaves.length === 0) {
    missing(
      ctx,
      ["segments"],
      "a FLEXIBLE audience needs segments or child_segments holding at least one leaf (a custom_audience_id)",
    );
  }
  for (const leaf of leaves) {
    if (!isPresent(leaf.node.custom_audience_id)) {
      missing(
        ctx,
        [...leaf.path, "custom_audience_id"],
        `the leaf segment ${leaf.path.join(".")} needs a custom_audience_id`,
      );
    }
  }
}

/** spec §4.8: JSON body of the custom-audience batch, at most 10 items, all-or-nothing. */
export const customAudienceBatchOperations = z
  .array(
    z
      .strictObject({ operation_type: z.enum(BATCH_OPERATION_TYPES), params: batchItemParams })
      .superRefine(audienceOperationRules, WHEN_OBJECT),
  )
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
