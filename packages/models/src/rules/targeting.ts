import { ruleIssue } from "../fields/issue.js";
import {
  OPERATOR_TYPES,
  PRIMARY_TARGETING_TYPES,
  effectiveOperator,
} from "../params/targeting-criteria.js";
import type { OperatorType } from "../params/targeting-criteria.js";
import { VIOLATION_CODES } from "../violations.js";
import type { Rule } from "./context.js";
import { isRecord } from "./context.js";

const PRIMARY: ReadonlySet<unknown> = new Set(PRIMARY_TARGETING_TYPES);
const OPERATORS: ReadonlySet<unknown> = new Set(OPERATOR_TYPES);

function operatorOf(value: unknown): OperatorType | undefined {
  return OPERATORS.has(value) ? (value as OperatorType) : undefined;
}

/**
 * spec §4.6 audience_estimate: at least one primary criterion. It has to include (EQ): an
 * excluded (NE) criterion takes users away from an audience and cannot describe one.
 */
export const primaryCriterionRequired: Rule = (params, ctx) => {
  const criteria = params.targeting_criteria;
  // An empty or malformed list already has its own violation.
  if (!Array.isArray(criteria) || criteria.length === 0) return;
  const requestOperator = operatorOf(params.operator_type);
  const included = criteria.some(
    (criterion) =>
      isRecord(criterion) &&
      PRIMARY.has(criterion.targeting_type) &&
      effectiveOperator({ operator_type: operatorOf(criterion.operator_type) }, requestOperator) ===
        "EQ",
  );
  if (!included) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.MISSING_PARAMETER,
      ["targeting_criteria"],
      `targeting_criteria must include (operator_type EQ) at least one primary criterion: targeting_type one of ${PRIMARY_TARGETING_TYPES.join(", ")}`,
    );
  }
};
