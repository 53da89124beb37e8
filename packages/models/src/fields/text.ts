import { z } from "zod";
import { VIOLATION_CODES } from "../violations.js";
import { fieldIssue } from "./issue.js";

export interface TextBounds {
  readonly max?: number;
  readonly min?: number;
}

/** A string parameter with length bounds counted in characters (code points). */
export function text(bounds: TextBounds = {}): z.ZodString {
  return z.string({ error: "must be a string" }).superRefine((value, ctx) => {
    checkLength(value, bounds, ctx);
  });
}

/**
 * A call-to-action hashtag (spec §4.7): starts with `#`; the limit does not count the `#`.
 */
export function hashtag(max: number): z.ZodString {
  return z.string({ error: "must be a string" }).superRefine((value, ctx) => {
    if (!value.startsWith("#")) {
      fieldIssue(
        ctx,
        VIOLATION_CODES.INVALID_PARAMETER,
        `must be a hashtag starting with # (got "${value}")`,
      );
      return;
    }
    checkLength(value.slice(1), { max, min: 1 }, ctx, " not counting #");
  });
}

function checkLength(counted: string, bounds: TextBounds, ctx: z.RefinementCtx, note = ""): void {
  const length = Array.from(counted).length; // code points, as the spec counts characters
  if (bounds.max !== undefined && length > bounds.max) {
    fieldIssue(
      ctx,
      VIOLATION_CODES.TOO_LONG,
      `must be at most ${bounds.max} characters${note} (got ${length})`,
    );
  }
  if (bounds.min !== undefined && length < bounds.min) {
    const predicate =
      bounds.min === 1
        ? "must not be empty"
        : `must be at least ${bounds.min} characters (got ${length})`;
    fieldIssue(ctx, VIOLATION_CODES.INVALID_PARAMETER, predicate);
  }
}
