import { ruleIssue } from "../fields/issue.js";
import { VIOLATION_CODES } from "../violations.js";
import type { Rule } from "./context.js";
import { isPresent, isRecord } from "./context.js";
import { LIMITS } from "../limits.js";

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

const MEDIA_TYPES = new Set(["MEDIA", "SWIPEABLE_MEDIA"]);
const DESTINATION_TYPES = new Set(["DETAILS", "BUTTON"]);

function typesOf(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.map((item: unknown) =>
    isRecord(item) && typeof item.type === "string" ? item.type : "",
  );
}

/**
 * spec §2.8: every card_type value names one media kind and one destination, so a card's
 * components hold exactly one media component (MEDIA or SWIPEABLE_MEDIA) and one destination
 * (DETAILS: website, BUTTON: app); slides (a multi-destination carousel, `*_MULTI_DEST_*`)
 * are 2 to 6, each one MEDIA and one DETAILS.
 */
export const cardShape: Rule = (params, ctx) => {
  if (Array.isArray(params.components)) {
    const types = typesOf(params.components);
    const media = types.filter((type) => MEDIA_TYPES.has(type)).length;
    const destinations = types.filter((type) => DESTINATION_TYPES.has(type)).length;
    if (media !== 1 || destinations !== 1 || types.length !== media + destinations) {
      ruleIssue(
        ctx,
        VIOLATION_CODES.INVALID_PARAMETER,
        ["components"],
        "components must hold exactly one media component (MEDIA or SWIPEABLE_MEDIA) and one destination component (DETAILS or BUTTON)",
      );
    }
  }
  if (!Array.isArray(params.slides)) return;
  const slides: unknown[] = params.slides;
  const { min, max } = LIMITS.swipeableMedia;
  if (slides.length < min || slides.length > max) {
    ruleIssue(
      ctx,
      slides.length < min ? VIOLATION_CODES.TOO_FEW_ITEMS : VIOLATION_CODES.TOO_MANY_ITEMS,
      ["slides"],
      `slides must hold ${min} to ${max} slides, a multi-destination carousel (got ${slides.length})`,
    );
  }
  slides.forEach((slide, index) => {
    const types = typesOf(slide);
    const media = types.filter((type) => type === "MEDIA").length;
    const details = types.filter((type) => type === "DETAILS").length;
    if (media !== 1 || details !== 1 || types.length !== media + details) {
      ruleIssue(
        ctx,
        VIOLATION_CODES.INVALID_PARAMETER,
        ["slides", index],
        `slides[${index}] must hold one MEDIA and one DETAILS (website) component`,
      );
    }
  });
};
