import { ruleIssue } from "../fields/issue.js";
import { VIOLATION_CODES } from "../violations.js";
import type { Rule } from "./context.js";
import { isPresent, isTrue } from "./context.js";

/** spec §4.2: with_total_count cannot be combined with cursor. */
export const totalCountWithoutCursor: Rule = (params, ctx) => {
  if (isTrue(params.with_total_count) && isPresent(params.cursor)) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.CONFLICTING_PARAMETERS,
      ["with_total_count"],
      "with_total_count=true cannot be combined with cursor",
    );
  }
};
