import { z } from "zod";
import { VIOLATION_CODES } from "../violations.js";
import { fieldIssue } from "./issue.js";

export interface IntegerBounds {
  readonly min?: number;
  readonly max?: number;
}

/**
 * An integer parameter. Query strings carry numbers as text, so a decimal string such as
 * `"50"` is accepted and becomes a number; anything else (`"5e1"`, `"0x32"`) is rejected.
 */
export function integer(bounds: IntegerBounds = {}) {
  return z
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
