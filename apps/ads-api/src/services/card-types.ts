import type { CardComponent } from "@adsgraph/models";

/** What a media key holds, as the media library says. */
export type MediaType = "IMAGE" | "VIDEO" | "GIF";

type Kind = "IMAGE" | "VIDEO" | "MIXED_MEDIA";
type MediaComponent = Extract<CardComponent, { type: "MEDIA" | "SWIPEABLE_MEDIA" }>;

function kindOf(types: readonly MediaType[]): Kind {
  const videos = types.filter((type) => type === "VIDEO").length;
  if (videos === 0) return "IMAGE";
  return videos === types.length ? "VIDEO" : "MIXED_MEDIA";
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
 * multi-destination carousel of MEDIA + DETAILS slides. That shape is a catalog rule
 * (@adsgraph/models `cardShape`), checked before a handler runs; what is left here is the
 * media kind, which only the media library knows.
 */
export function deriveCardType(
  components: readonly CardComponent[] | undefined,
  slides: readonly (readonly CardComponent[])[] | undefined,
  mediaType: (key: string) => MediaType,
): string {
  if (slides !== undefined) {
    const keys = slides.flatMap((slide) =>
      slide.flatMap((c) => (c.type === "MEDIA" ? [c.media_key] : [])),
    );
    return `${kindOf(keys.map(mediaType))}_MULTI_DEST_CAROUSEL_WEBSITE`;
  }
  const list = components ?? [];
  const first = list.find(
    (c): c is MediaComponent => c.type === "MEDIA" || c.type === "SWIPEABLE_MEDIA",
  );
  const destination = list.find((c) => c.type === "DETAILS" || c.type === "BUTTON");
  if (first === undefined || destination === undefined) {
    throw new Error("card components reached the service without the catalog's shape check");
  }
  const target = destination.type === "DETAILS" ? "WEBSITE" : "APP";
  if (first.type === "MEDIA") return `${kindOf([mediaType(first.media_key)])}_${target}`;
  const kind = kindOf(first.media_keys.map(mediaType));
  return kind === "MIXED_MEDIA"
    ? `MIXED_MEDIA_SINGLE_DEST_CAROUSEL_${target}`
    : `${kind}_CAROUSEL_${target}`;
}
