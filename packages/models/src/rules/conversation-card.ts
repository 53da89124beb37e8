import { ruleIssue } from "../fields/issue.js";
import { VIOLATION_CODES } from "../violations.js";
import type { Rule } from "./context.js";
import { isPresent } from "./context.js";

/**
 * spec §4.7 video conversation card: title is required if second_cta is absent and
 * second_cta if title is absent; a set second or third CTA needs its post text. The spec
 * states no text requirement for fourth_cta, so none is enforced.
 */
export const conversationCardCtas: Rule = (params, ctx) => {
  if (!isPresent(params.title) && !isPresent(params.second_cta)) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.MISSING_PARAMETER,
      ["title"],
      "title is required when second_cta is absent (or set second_cta)",
    );
  }
  for (const cta of ["second_cta", "third_cta"] as const) {
    const textName = `${cta}_post`;
    if (isPresent(params[cta]) && !isPresent(params[textName])) {
      ruleIssue(
        ctx,
        VIOLATION_CODES.MISSING_PARAMETER,
        [textName],
        `${textName} is required when ${cta} is set`,
      );
    }
  }
};
