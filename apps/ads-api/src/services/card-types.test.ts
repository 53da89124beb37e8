import type { CardComponent } from "@adsgraph/models";
import { describe, expect, it } from "vitest";
import { deriveCardType, mediaKeysOf } from "./card-types.js";
import type { MediaType } from "./card-types.js";

const types: Record<string, MediaType> = {
  "13_1": "VIDEO",
  "3_1": "IMAGE",
  "3_2": "IMAGE",
  "13_2": "VIDEO",
};
const mediaType = (key: string): MediaType => types[key] ?? "IMAGE";
const details: CardComponent = {
  type: "DETAILS",
  title: "t",
  destination: { type: "WEBSITE", url: "https://e.com" },
};
const button: CardComponent = {
  type: "BUTTON",
  label: { type: "ENUM", value: "INSTALL" },
  destination: { type: "APP", country_code: "US", googleplay_app_id: "com.example" },
};
const media = (key: string): CardComponent => ({ type: "MEDIA", media_key: key });
const swipe = (...keys: string[]): CardComponent => ({ type: "SWIPEABLE_MEDIA", media_keys: keys });

describe("deriveCardType (spec §2.8)", () => {
  it.each([
    [[media("13_1"), details], "VIDEO_WEBSITE"],
    [[media("3_1"), details], "IMAGE_WEBSITE"],
    [[media("3_1"), button], "IMAGE_APP"],
    [[media("13_1"), button], "VIDEO_APP"],
    [[swipe("3_1", "3_2"), details], "IMAGE_CAROUSEL_WEBSITE"],
    [[swipe("13_1", "13_2"), button], "VIDEO_CAROUSEL_APP"],
    [[swipe("13_1", "3_2"), details], "MIXED_MEDIA_SINGLE_DEST_CAROUSEL_WEBSITE"],
    [[swipe("13_1", "3_2"), button], "MIXED_MEDIA_SINGLE_DEST_CAROUSEL_APP"],
  ] as [CardComponent[], string][])("components %# → %s", (components, expected) => {
    expect(deriveCardType(components, undefined, mediaType)).toBe(expected);
  });

  it("derives multi-destination carousels from slides", () => {
    const slide = (key: string) => [media(key), details];
    expect(deriveCardType(undefined, [slide("3_1"), slide("3_2")], mediaType)).toBe(
      "IMAGE_MULTI_DEST_CAROUSEL_WEBSITE",
    );
    expect(deriveCardType(undefined, [slide("13_1"), slide("3_2")], mediaType)).toBe(
      "MIXED_MEDIA_MULTI_DEST_CAROUSEL_WEBSITE",
    );
  });

  it("takes the destination after the media as well", () => {
    expect(deriveCardType([button, media("13_1")], undefined, mediaType)).toBe("VIDEO_APP");
  });

  it("names every media key with its parameter path", () => {
    expect(mediaKeysOf([swipe("3_1", "3_2"), details], undefined)).toEqual([
      { key: "3_1", parameter: "components[0].media_keys[0]" },
      { key: "3_2", parameter: "components[0].media_keys[1]" },
    ]);
  });
});
