import { describe, expect, it } from "vitest";
import { LIMITS } from "../limits.js";
import { expectValid, expectViolation } from "../../test/support.js";

const account = { account_id: "a1" };
const media = { type: "MEDIA", media_key: "13_794652834998325248" };
const details = {
  type: "DETAILS",
  title: "Read more",
  destination: { type: "WEBSITE", url: "https://example.com" },
};
const app = { type: "APP", country_code: "US", googleplay_app_id: "com.example.app" };
const button = { type: "BUTTON", label: { type: "ENUM", value: "INSTALL" }, destination: app };
const keys = (count: number): string[] =>
  Array.from({ length: count }, (_unused, index) => `3_${index}`);

describe("generic cards (spec §2.8, §4.7)", () => {
  it("name is required and at most 80 characters", () => {
    expectValid("cards.create", {
      ...account,
      name: "n".repeat(LIMITS.creativeName),
      components: [media, details],
    });
    expectViolation(
      "cards.create",
      { ...account, components: [media] },
      "name",
      "MISSING_PARAMETER",
    );
    expectViolation(
      "cards.create",
      { ...account, name: "n".repeat(LIMITS.creativeName + 1), components: [media] },
      "name",
      "TOO_LONG",
    );
  });

  it("takes components or slides, not both and not neither", () => {
    expectValid("cards.create", {
      ...account,
      name: "c",
      slides: [
        [media, details],
        [media, details],
      ],
    });
    expectViolation(
      "cards.create",
      { ...account, name: "c", components: [media], slides: [[media]] },
      "slides",
      "CONFLICTING_PARAMETERS",
    );
    expectViolation("cards.create", { ...account, name: "c" }, "components", "MISSING_PARAMETER");
    expectValid("cards.update", { ...account, card_id: "1", name: "renamed" });
    expectViolation(
      "cards.update",
      { ...account, card_id: "1", components: [media], slides: [[media]] },
      "slides",
      "CONFLICTING_PARAMETERS",
    );
  });

  it("SWIPEABLE_MEDIA holds 2 to 6 media keys", () => {
    const swipeable = (count: number) => ({ type: "SWIPEABLE_MEDIA", media_keys: keys(count) });
    expectValid("cards.create", {
      ...account,
      name: "c",
      components: [swipeable(LIMITS.swipeableMedia.min), details],
    });
    expectValid("cards.create", {
      ...account,
      name: "c",
      components: [swipeable(LIMITS.swipeableMedia.max), details],
    });
    expectViolation(
      "cards.create",
      { ...account, name: "c", components: [swipeable(1)] },
      "components[0].media_keys",
      "TOO_FEW_ITEMS",
    );
    expectViolation(
      "cards.create",
      { ...account, name: "c", components: [details, swipeable(LIMITS.swipeableMedia.max + 1)] },
      "components[1].media_keys",
      "TOO_MANY_ITEMS",
    );
  });

  it("app destinations need country_code and a store id; deep links only with their store id", () => {
    expectValid("cards.create", { ...account, name: "c", components: [media, button] });
    expectValid("cards.create", {
      ...account,
      name: "c",
      components: [
        media,
        {
          ...button,
          destination: {
            type: "APP",
            country_code: "DE",
            ios_app_store_identifier: "123",
            ios_deep_link: "app://x",
          },
        },
      ],
    });
    const noCountry = { ...button, destination: { type: "APP", googleplay_app_id: "com.example" } };
    expectViolation(
      "cards.create",
      { ...account, name: "c", components: [media, noCountry] },
      "components[1].destination.country_code",
      "MISSING_PARAMETER",
    );
    const badCountry = { ...button, destination: { ...app, country_code: "USA" } };
    expectViolation(
      "cards.create",
      { ...account, name: "c", components: [media, badCountry] },
      "components[1].destination.country_code",
      "INVALID_PARAMETER",
    );
    const noStore = { ...button, destination: { type: "APP", country_code: "US" } };
    expectViolation(
      "cards.create",
      { ...account, name: "c", components: [media, noStore] },
      "components[1].destination.googleplay_app_id",
      "MISSING_PARAMETER",
    );
    const strayDeepLink = { ...button, destination: { ...app, ios_deep_link: "app://x" } };
    const violation = expectViolation(
      "cards.create",
      { ...account, name: "c", components: [media, strayDeepLink] },
      "components[1].destination.ios_deep_link",
      "CONFLICTING_PARAMETERS",
    );
    expect(violation.message).toBe(
      "components[1].destination: ios_deep_link is only allowed together with ios_app_store_identifier",
    );
  });

  it("a label is type ENUM with a listed value", () => {
    expectViolation(
      "cards.create",
      {
        ...account,
        name: "c",
        components: [media, { ...button, label: { type: "TEXT", value: "INSTALL" } }],
      },
      "components[1].label.type",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "cards.create",
      {
        ...account,
        name: "c",
        components: [media, { ...button, label: { type: "ENUM", value: "BUY" } }],
      },
      "components[1].label.value",
      "INVALID_PARAMETER",
    );
  });

  it("component types are the four of the spec", () => {
    expectViolation(
      "cards.create",
      { ...account, name: "c", components: [{ type: "CAROUSEL" }] },
      "components[0].type",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "cards.create",
      { ...account, name: "c", components: [{ media_key: "1_2" }] },
      "components[0].type",
      "MISSING_PARAMETER",
    );
  });

  it("cards.list filters by closed card types and up to 200 card ids", () => {
    expectValid("cards.list", {
      ...account,
      card_types: "VIDEO_WEBSITE,IMAGE_APP",
      card_id: ["1", "2"],
    });
    expectViolation(
      "cards.list",
      { ...account, card_types: "VIDEO_WEBSITE,GIF" },
      "card_types[1]",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "cards.list",
      { ...account, card_id: keys(LIMITS.idsPerList + 1) },
      "card_id",
      "TOO_MANY_IDS",
    );
    expectViolation("cards.all.list", { ...account }, "card_uris", "MISSING_PARAMETER");
  });
});

describe("poll cards (spec §4.7)", () => {
  const poll = {
    ...account,
    name: "Poll",
    duration_in_minutes: 60,
    first_choice: "Yes",
    second_choice: "No",
  };

  it("duration is 5 to 10080 minutes", () => {
    expectValid("cards.poll.create", {
      ...poll,
      duration_in_minutes: LIMITS.pollDurationMinutes.min,
    });
    expectValid("cards.poll.create", {
      ...poll,
      duration_in_minutes: String(LIMITS.pollDurationMinutes.max),
    });
    expectViolation(
      "cards.poll.create",
      { ...poll, duration_in_minutes: LIMITS.pollDurationMinutes.min - 1 },
      "duration_in_minutes",
      "OUT_OF_RANGE",
    );
    expectViolation(
      "cards.poll.create",
      { ...poll, duration_in_minutes: LIMITS.pollDurationMinutes.max + 1 },
      "duration_in_minutes",
      "OUT_OF_RANGE",
    );
  });

  it("choices are at most 25 characters", () => {
    expectValid("cards.poll.create", { ...poll, first_choice: "c".repeat(LIMITS.pollChoice) });
    expectViolation(
      "cards.poll.create",
      { ...poll, second_choice: "c".repeat(LIMITS.pollChoice + 1) },
      "second_choice",
      "TOO_LONG",
    );
  });

  it("third choice needs the first two; fourth needs the first three", () => {
    expectValid("cards.poll.create", { ...poll, third_choice: "Maybe", fourth_choice: "Later" });
    expectViolation(
      "cards.poll.create",
      { ...poll, second_choice: undefined, third_choice: "Maybe" },
      "third_choice",
      "MISSING_PARAMETER",
    );
    const violation = expectViolation(
      "cards.poll.create",
      { ...poll, fourth_choice: "Later" },
      "fourth_choice",
      "MISSING_PARAMETER",
    );
    expect(violation.message).toBe("fourth_choice needs third_choice to be set");
  });

  it("has no update", () => {
    expect(() => expectValid("cards.poll.update" as "cards.poll.create", poll)).toThrow(
      /no endpoint/,
    );
  });
});

describe("video conversation cards (spec §4.7)", () => {
  const card = {
    ...account,
    name: "Conversation",
    media_key: "13_1",
    first_cta: "#Yes",
    first_cta_post: "I said yes",
    thank_you_text: "Thanks!",
    title: "Pick one",
  };

  it("CTAs are hashtags of at most 20 characters not counting #", () => {
    expectValid("cards.video_conversation.create", {
      ...card,
      first_cta: `#${"a".repeat(LIMITS.conversationCta)}`,
    });
    expectViolation(
      "cards.video_conversation.create",
      { ...card, first_cta: `#${"a".repeat(LIMITS.conversationCta + 1)}` },
      "first_cta",
      "TOO_LONG",
    );
    expectViolation(
      "cards.video_conversation.create",
      { ...card, first_cta: "Yes" },
      "first_cta",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "cards.video_conversation.create",
      { ...card, fourth_cta: `#${"a".repeat(LIMITS.conversationCta + 1)}` },
      "fourth_cta",
      "TOO_LONG",
    );
  });

  it("title and thank-you text are at most 23 characters", () => {
    expectValid("cards.video_conversation.create", {
      ...card,
      title: "t".repeat(LIMITS.conversationText),
      thank_you_text: "t".repeat(LIMITS.conversationText),
    });
    expectViolation(
      "cards.video_conversation.create",
      { ...card, title: "t".repeat(LIMITS.conversationText + 1) },
      "title",
      "TOO_LONG",
    );
    expectViolation(
      "cards.video_conversation.create",
      { ...card, thank_you_text: "t".repeat(LIMITS.conversationText + 1) },
      "thank_you_text",
      "TOO_LONG",
    );
  });

  it("needs title or second_cta, and a set CTA needs its post text", () => {
    expectValid("cards.video_conversation.create", {
      ...card,
      title: undefined,
      second_cta: "#No",
      second_cta_post: "I said no",
    });
    expectViolation(
      "cards.video_conversation.create",
      { ...card, title: undefined },
      "title",
      "MISSING_PARAMETER",
    );
    expectViolation(
      "cards.video_conversation.create",
      { ...card, second_cta: "#No" },
      "second_cta_post",
      "MISSING_PARAMETER",
    );
    expectViolation(
      "cards.video_conversation.create",
      { ...card, third_cta: "#Maybe" },
      "third_cta_post",
      "MISSING_PARAMETER",
    );
    expectViolation(
      "cards.video_conversation.create",
      { ...card, first_cta_post: undefined },
      "first_cta_post",
      "MISSING_PARAMETER",
    );
  });
});
