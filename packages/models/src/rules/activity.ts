import { ruleIssue } from "../fields/issue.js";
import { VIOLATION_CODES } from "../violations.js";
import type { Rule } from "./context.js";
import { isPresent, isRecord } from "./context.js";

/**
 * spec §6 subscriptions (issue 18): `direction` says whether the filter's user sent or
 * received a direct message, so it needs `filter.user_id`.
 */
export const directionNeedsUser: Rule = (params, ctx) => {
  const filter = params.filter;
  if (!isRecord(filter) || !isPresent(filter.direction) || isPresent(filter.user_id)) return;
  ruleIssue(
    ctx,
    VIOLATION_CODES.MISSING_PARAMETER,
    ["filter", "user_id"],
    "filter.user_id is required when filter.direction is set (sent and received are that user's)",
  );
};
