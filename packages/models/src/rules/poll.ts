import { ruleIssue } from "../fields/issue.js";
import { VIOLATION_CODES } from "../violations.js";
import type { Rule } from "./context.js";
import { isPresent } from "./context.js";

const ORDER = ["first_choice", "second_choice", "third_choice", "fourth_choice"] as const;

/** spec §4.7: third_choice needs the first two; fourth_choice needs the first three. */
export const pollChoicesInOrder: Rule = (params, ctx) => {
  ORDER.forEach((name, index) => {
    if (index < ORDER.indexOf("third_choice") || !isPresent(params[name])) return;
    const missing = ORDER.slice(0, index).filter((earlier) => !isPresent(params[earlier]));
    if (missing.length > 0) {
      ruleIssue(
        ctx,
        VIOLATION_CODES.MISSING_PARAMETER,
        [name],
        `${name} needs ${missing.join(" and ")} to be set`,
      );
    }
  });
};
