import { LIMITS } from "@adsgraph/models";
import type { CardComponent } from "@adsgraph/models";
import type { ErrorEntry } from "../errors.js";
import { ERROR_CODES } from "../errors.js";

/** What a media key holds, as the media library says. */
export type MediaType = "IMAGE" | "VIDEO" | "GIF";

export type CardTypeOutcome =
  | { readonly ok: true; readonly cardType: string }
  | { readonly ok: false; readonly errors: ErrorEntry[] };

type Kind = "IMAGE" | "VIDEO" | "MIXED_MEDIA";

function kindOf(types: readonly MediaType[]): Kind {
  const videos = types.filter((type) => type === "VIDEO").length;
  if (videos === 0) return "IMAGE";
  return videos === types.length ? "VIDEO" : "MIXED_MEDIA";
}

function fail(parameter: string, message: string): CardTypeOutcome {
  return { ok: false, errors: [{ code: ERROR_CODES.INVALID_PARAMETER, message, parameter }] };
}

/** Every media key a card's components or slides use, with its parameter path. */
export function mediaKeysOf(
  components: readonly CardComponent[] | undefined,
  slides: readonly (readonly CardComponent[])[] | undefined,
): { key: string; parameter: string }[] {
  const out: { key: string; parameter: string }[] = [];
  const visit = (list: readonly CardComponent[], prefix: string) => {
    list.forEach((component, index) => {
      if (component.type === "MEDIA") {
        out.push({ key: component.media_key, parameter: `${prefix}[${index}].media_key` });
      } else if (component.type === "SWIPEABLE_MEDIA") {
        component.media_keys.forEach((key, item) =>
          out.push({ key, parameter: `${prefix}[${index}].media_keys[${item}]` }),
        );
      }
    });
  };
  if (components !== undefined) visit(components, "components");
  slides?.forEach((slide, index) => {
    visit(slide, `slides[${index}]`);
  });
  return out;
}

/**
 * spec §2.8 card_type, derived from the components: one media component (MEDIA or
 * SWIPEABLE_MEDIA) and one destination (DETAILS → website, BUTTON → app). Slides are a
 * multi-destination carousel: 2 to 6 slides of one MEDIA and one DETAILS each.
 */
export function deriveCardType(
  components: readonly CardComponent[] | undefined,
  slides: readonly (readonly CardComponent[])[] | undefined,
  mediaType: (key: string) => MediaType,
): CardTypeOutcome {
  if (slides !== undefined) return slidesType(slides, mediaType);
  const list = components ?? [];
  const media = list.filter((c) => c.type === "MEDIA" || c.type === "SWIPEABLE_MEDIA");
  const destinations = list.filter((c) => c.type === "DETAILS" || c.type === "BUTTON");
  const [first] = media;
  const [destination] = destinations;
  if (
    media.length !== 1 ||
    destinations.length !== 1 ||
    first === undefined ||
    destination === undefined
  ) {
    return fail(
      "components",
      "a card needs exactly one media component (MEDIA or SWIPEABLE_MEDIA) and one destination component (DETAILS or BUTTON)",
    );
  }
  const target = destination.type === "DETAILS" ? "WEBSITE" : "APP";
  if (first.type === "MEDIA") {
    return { ok: true, cardType: `${kindOf([mediaType(first.media_key)])}_${target}` };
  }
  const kind = kindOf(first.media_keys.map(mediaType));
  const cardType =
    kind === "MIXED_MEDIA"
      ? `MIXED_MEDIA_SINGLE_DEST_CAROUSEL_${target}`
      : `${kind}_CAROUSEL_${target}`;
  return { ok: true, cardType };
}

function slidesType(
  slides: readonly (readonly CardComponent[])[],
  mediaType: (key: string) => MediaType,
): CardTypeOutcome {
  const { min, max } = LIMITS.swipeableMedia;
  if (slides.length < min || slides.length > max) {
    return fail(
      "slides",
      `a multi-destination carousel holds ${min} to ${max} slides (got ${slides.length})`,
    );
  }
  const types: MediaType[] = [];
  for (const [index, slide] of slides.entries()) {
    const media = slide.filter((c) => c.type === "MEDIA");
    const details = slide.filter((c) => c.type === "DETAILS");
    const [first] = media;
    if (slide.length !== 2 || first?.type !== "MEDIA" || details.length !== 1) {
      return fail(
        `slides[${index}]`,
        "each slide holds one MEDIA and one DETAILS (website) component",
      );
    }
    types.push(mediaType(first.media_key));
  }
  return { ok: true, cardType: `${kindOf(types)}_MULTI_DEST_CAROUSEL_WEBSITE` };
}
