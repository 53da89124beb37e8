import { ruleIssue } from "../fields/issue.js";
import { parseTimestamp } from "../timestamp.js";
import { VIOLATION_CODES } from "../violations.js";
import type { Rule } from "./context.js";
import { isPresent } from "./context.js";

/** How one funding-instrument type treats a create field. */
type Use = "required" | "allowed" | "refused";

interface TypeFields {
  readonly credit_limit_local_micro: Use;
  readonly funded_amount_local_micro: Use;
  readonly end_time: Use;
}

/**
 * spec §4.5 sandbox create says only "end_time sometimes required" and that the credit fields
 * apply "only for some types" (§2.4: "which apply depends on type"). This service's reading,
 * from the recorded bodies (vendor-sdk/funding_instruments_all.json: credit lines carry a
 * credit limit and no funded amount; insertion orders a funded amount and an end_time):
 * credit lines take a credit limit, insertion orders a funded amount and an end, partner-managed
 * instruments may carry a funded amount, credit cards neither amount.
 */
export const FUNDING_FIELDS_BY_TYPE: Readonly<Record<string, TypeFields>> = {
  AGENCY_CREDIT_LINE: {
    credit_limit_local_micro: "required",
    funded_amount_local_micro: "refused",
    end_time: "allowed",
  },
  CREDIT_LINE: {
    credit_limit_local_micro: "required",
    funded_amount_local_micro: "refused",
    end_time: "allowed",
  },
  CREDIT_CARD: {
    credit_limit_local_micro: "refused",
    funded_amount_local_micro: "refused",
    end_time: "allowed",
  },
  INSERTION_ORDER: {
    credit_limit_local_micro: "refused",
    funded_amount_local_micro: "required",
    end_time: "required",
  },
  PARTNER_MANAGED: {
    credit_limit_local_micro: "refused",
    funded_amount_local_micro: "allowed",
    end_time: "allowed",
  },
};

const TYPE_FIELDS = ["credit_limit_local_micro", "funded_amount_local_micro", "end_time"] as const;

/** Which of the per-type fields `type` requires, allows and refuses (table above). */
export const fundingFieldsForType: Rule = (params, ctx) => {
  const type = params.type;
  if (typeof type !== "string") return;
  const fields = FUNDING_FIELDS_BY_TYPE[type];
  if (fields === undefined) return; // an unknown type already failed its enum
  for (const name of TYPE_FIELDS) {
    const given = isPresent(params[name]);
    if (fields[name] === "required" && !given) {
      ruleIssue(ctx, VIOLATION_CODES.MISSING_PARAMETER, [name], `${name} is required for ${type}`);
    } else if (fields[name] === "refused" && given) {
      ruleIssue(
        ctx,
        VIOLATION_CODES.INVALID_PARAMETER,
        [name],
        `${name} does not apply to ${type}`,
      );
    }
  }
};

/** A funding instrument's end_time, when given, is after its start_time. */
export const fundingEndAfterStart: Rule = (params, ctx) => {
  const start = typeof params.start_time === "string" ? parseTimestamp(params.start_time) : null;
  const end = typeof params.end_time === "string" ? parseTimestamp(params.end_time) : null;
  if (start !== null && end !== null && end.getTime() <= start.getTime()) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.INVALID_PARAMETER,
      ["end_time"],
      "end_time must be after start_time",
    );
  }
};
