import { z } from "zod";
import { VIOLATION_CODES } from "../violations.js";
import { fieldIssue } from "./issue.js";

export interface IntegerBounds {
  readonly min?: number;
  readonly max?: number;
  /** What the service assumes when the parameter is left out (spec §4.2 `count`: 200). */
  readonly default?: number;
}

const integerBounds = new WeakMap<z.core.$ZodType, IntegerBounds>();

/**
 * The bounds an `integer()` parameter was declared with, looking through `.optional()`: read
 * as data (a list's page sizes, `Endpoint.paging`) instead of asking the rule.
 */
export function boundsOf(schema: z.core.$ZodType): IntegerBounds | undefined {
  const inner = schema instanceof z.ZodOptional ? schema.unwrap() : schema;
  return integerBounds.get(inner);
}

/**
 * An integer parameter. Query strings carry numbers as text, so a decimal string such as
 * `"50"` is accepted and becomes a number; anything else (`"5e1"`, `"0x32"`) is rejected.
 */
export function integer(bounds: IntegerBounds = {}) {
  const schema = z
    .union([z.number(), z.templateLiteral([z.number()])], { error: "must be an integer" })
    .transform((value) => Number(value))
    .pipe(
      z.number().superRefine((value, ctx) => {
        if (!Number.isSafeInteger(value)) {
          fieldIssue(
            ctx,
            VIOLATION_CODES.INVALID_PARAMETER,
            `must be a safe integer (got ${value})`,
          );
          return;
        }
        const { min, max } = bounds;
        const outside = (min !== undefined && value < min) || (max !== undefined && value > max);
        if (outside)
          fieldIssue(ctx, VIOLATION_CODES.OUT_OF_RANGE, `${describeRange(bounds)} (got ${value})`);
      }),
    );
  integerBounds.set(schema, bounds);
  return schema;
}

/** spec §2.1: `_local_micro` amounts are integers; the currency is the funding instrument's. */
export function money() {
  return integer({ min: 0 });
}

function describeRange({ min, max }: IntegerBounds): string {
  if (min !== undefined && max !== undefined) return `must be between ${min} and ${max}`;
  if (min !== undefined) return `must be at least ${min}`;
  return `must be at most ${String(max)}`;
}
