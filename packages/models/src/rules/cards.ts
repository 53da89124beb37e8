import { ruleIssue } from "../fields/issue.js";
import { VIOLATION_CODES } from "../violations.js";
import type { Rule } from "./context.js";
import { isPresent } from "./context.js";

/** spec §4.7 card create: components or slides, one of them required, never both. */
export const componentsXorSlides: Rule = (params, ctx) => {
  const components = isPresent(params.components);
  const slides = isPresent(params.slides);
  if (components && slides) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.CONFLICTING_PARAMETERS,
      ["slides"],
      "components and slides cannot both be set",
    );
  } else if (!components && !slides) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.MISSING_PARAMETER,
      ["components"],
      "components or slides is required",
    );
  }
};

/** spec §4.7 card update: each field optional, but components and slides never together. */
export const notBothComponentsAndSlides: Rule = (params, ctx) => {
  if (isPresent(params.components) && isPresent(params.slides)) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.CONFLICTING_PARAMETERS,
      ["slides"],
      "components and slides cannot both be set",
    );
  }
};
