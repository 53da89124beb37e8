import { z } from "zod";
import { VIOLATION_CODES } from "../violations.js";
import { fieldIssue } from "./issue.js";
import { sized } from "./size-rules.js";
import { codePointLength, textProblem } from "./text-safety.js";

export interface TextBounds {
  readonly max?: number;
  readonly min?: number;
  /**
   * Multi-line free text (post texts, descriptions) may hold TAB, LF and CR; names, titles
   * and other one-line values hold no control character at all.
   */
  readonly lineBreaks?: boolean;
}

/**
 * A string parameter: text the database can hold (see `textProblem`), with length bounds
 * counted in characters (code points).
 */
export function text(bounds: TextBounds = {}): z.ZodString {
  const schema = z.string({ error: "must be a string" }).superRefine((value, ctx) => {
    const problem = textProblem(value, { lineBreaks: bounds.lineBreaks === true });
    if (problem !== undefined) {
      fieldIssue(ctx, VIOLATION_CODES.INVALID_PARAMETER, problem);
      return;
    }
    checkLength(value, bounds, ctx);
  });
  return bounds.max === undefined ? schema : sized(schema, { kind: "text", max: bounds.max });
}

/**
 * A call-to-action hashtag (spec §4.7): starts with `#`; the limit does not count the `#`.
 */
export function hashtag(max: number): z.ZodString {
  return z.string({ error: "must be a string" }).superRefine((value, ctx) => {
    const problem = textProblem(value);
    if (problem !== undefined) {
      fieldIssue(ctx, VIOLATION_CODES.INVALID_PARAMETER, problem);
      return;
    }
    if (!value.startsWith("#")) {
      fieldIssue(ctx, VIOLATION_CODES.INVALID_PARAMETER, "must be a hashtag starting with #");
      return;
    }
    checkLength(value.slice(1), { max, min: 1 }, ctx, " not counting #");
  });
}

function checkLength(counted: string, bounds: TextBounds, ctx: z.RefinementCtx, note = ""): void {
  const length = codePointLength(counted); // the spec counts characters
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
