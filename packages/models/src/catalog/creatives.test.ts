import { describe, expect, it } from "vitest";
import { LIMITS } from "../limits.js";
import type { MediaKind } from "../rules/context.js";
import { expectValid, expectViolation } from "../../test/support.js";

const post = { account_id: "a1", as_user_id: "756201191646691328", text: "hello" };
const DRAFT = "1166476031668015105";
const SCHEDULED = "1166476031668015106";
const images = (count: number): string[] =>
  Array.from({ length: count }, (_unused, index) => `3_${index + 1}`);
const kinds: Readonly<Record<string, MediaKind>> = {
  "13_1": "video",
  "16_1": "gif",
  "3_1": "image",
  "3_2": "image",
};
const mediaKind = (key: string): MediaKind | undefined => kinds[key];

describe("names of creatives are at most 80 characters (spec §8)", () => {
  const long = "n".repeat(LIMITS.creativeName + 1);
  const fits = "n".repeat(LIMITS.creativeName);

  it("on posts", () => {
    expectValid("posts.create", { ...post, name: fits });
    expectViolation("posts.create", { ...post, name: long }, "name", "TOO_LONG");
    expectValid("posts.name.update", {
      account_id: "a1",
      post_id: "1166476031668015104",
      name: fits,
    });
    expectViolation(
      "posts.name.update",
      { account_id: "a1", post_id: "1166476031668015104", name: long },
      "name",
      "TOO_LONG",
    );
  });

  it("on drafts and scheduled posts", () => {
    expectValid("draft_posts.update", { account_id: "a1", draft_post_id: DRAFT, name: fits });
    expectViolation(
      "draft_posts.update",
      { account_id: "a1", draft_post_id: DRAFT, name: long },
      "name",
      "TOO_LONG",
    );
    expectValid("scheduled_posts.update", {
      account_id: "a1",
      scheduled_post_id: SCHEDULED,
      name: fits,
      scheduled_at: "2099-05-01T10:00:00Z",
    });
    expectViolation(
      "scheduled_posts.update",
      { account_id: "a1", scheduled_post_id: SCHEDULED, name: long },
      "name",
      "TOO_LONG",
    );
  });

  it("on the posts list filter", () => {
    expectViolation(
      "posts.list",
      { account_id: "a1", post_type: "PUBLISHED", name: long },
      "name",
      "TOO_LONG",
    );
  });
});

describe("posts (spec §4.7)", () => {
  it("video title is at most 70 and description at most 200 characters", () => {
    expectValid("posts.create", {
      ...post,
      media_keys: "13_1",
      video_title: "t".repeat(LIMITS.videoTitle),
      video_description: "d".repeat(LIMITS.videoDescription),
    });
    expectViolation(
      "posts.create",
      { ...post, video_title: "t".repeat(LIMITS.videoTitle + 1) },
      "video_title",
      "TOO_LONG",
    );
    expectViolation(
      "posts.create",
      { ...post, video_description: "d".repeat(LIMITS.videoDescription + 1) },
      "video_description",
      "TOO_LONG",
    );
  });

  it("text is required when there are no media_keys", () => {
    expectValid("posts.create", { account_id: "a1", as_user_id: "1", media_keys: ["3_1"] });
    expectViolation(
      "posts.create",
      { account_id: "a1", as_user_id: "1" },
      "text",
      "MISSING_PARAMETER",
    );
    expectViolation(
      "posts.create",
      { text: "x", account_id: "a1" },
      "as_user_id",
      "MISSING_PARAMETER",
    );
  });

  it("post_type and timeline_type are closed enums; post ids are digits", () => {
    expectValid("posts.list", {
      account_id: "a1",
      post_type: "SCHEDULED",
      timeline_type: "ORGANIC",
      post_ids: "1,2",
      trim_user: "true",
    });
    expectViolation("posts.list", { account_id: "a1" }, "post_type", "MISSING_PARAMETER");
    expectViolation(
      "posts.list",
      { account_id: "a1", post_type: "PROMOTED" },
      "post_type",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "posts.list",
      { account_id: "a1", post_type: "DRAFT", post_ids: "1,x" },
      "post_ids[1]",
      "INVALID_PARAMETER",
    );
  });
});

describe("media per post: 4 images, or 1 GIF, or 1 video (spec §8)", () => {
  it("kinds may be stated as {key, kind}", () => {
    expectValid("posts.create", { ...post, media_keys: [{ key: "13_9", kind: "video" }] });
    const value = expectValid("posts.create", {
      ...post,
      media_keys: images(LIMITS.mediaPerPost.image).map((key) => ({ key, kind: "image" })),
    });
    expect(value.media_keys).toEqual(images(LIMITS.mediaPerPost.image));
    expectViolation(
      "posts.create",
      {
        ...post,
        media_keys: [
          { key: "13_9", kind: "video" },
          { key: "3_1", kind: "image" },
        ],
      },
      "media_keys",
      "TOO_MANY_ITEMS",
    );
  });

  it("kinds may come from a resolver", () => {
    expectValid("posts.create", { ...post, media_keys: "16_1" }, { mediaKind });
    expectValid("posts.create", { ...post, media_keys: "3_1,3_2" }, { mediaKind });
    const violation = expectViolation(
      "posts.create",
      { ...post, media_keys: "16_1,3_1" },
      "media_keys",
      "TOO_MANY_ITEMS",
      { mediaKind },
    );
    expect(violation.message).toContain("animated GIF");
    expectViolation(
      "draft_posts.update",
      { account_id: "a1", draft_post_id: DRAFT, media_keys: ["13_1", "3_1"] },
      "media_keys",
      "TOO_MANY_ITEMS",
      { mediaKind },
    );
  });

  it("keys of unknown kind count as images", () => {
    expectValid("posts.create", { ...post, media_keys: images(LIMITS.mediaPerPost.image) });
    expectViolation(
      "posts.create",
      { ...post, media_keys: images(LIMITS.mediaPerPost.image + 1) },
      "media_keys",
      "TOO_MANY_ITEMS",
    );
  });

  it("media keys have the <digits>_<digits> form; a draft may clear them", () => {
    expectViolation(
      "posts.create",
      { ...post, media_keys: ["abc"] },
      "media_keys[0].key",
      "INVALID_PARAMETER",
    );
    expect(
      expectValid("draft_posts.update", { account_id: "a1", draft_post_id: DRAFT, media_keys: "" })
        .media_keys,
    ).toEqual([]);
    expectViolation("posts.create", { ...post, media_keys: "" }, "media_keys", "INVALID_PARAMETER");
  });
});

describe("drafts, scheduled posts and post calls to action (spec §4.7)", () => {
  it("draft and scheduled post ids are digits, as the post ids post_previews takes", () => {
    expectViolation(
      "draft_posts.delete",
      { account_id: "a1", draft_post_id: "d1" },
      "draft_post_id",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "scheduled_posts.delete",
      { account_id: "a1", scheduled_post_id: "s1" },
      "scheduled_post_id",
      "INVALID_PARAMETER",
    );
  });

  it("a scheduled post takes a draft's card and media, and nothing unnamed", () => {
    const value = expectValid("scheduled_posts.update", {
      account_id: "a1",
      scheduled_post_id: SCHEDULED,
      card_uri: "",
      media_keys: "",
    });
    expect(value.media_keys).toEqual([]);
    expectViolation(
      "scheduled_posts.update",
      { account_id: "a1", scheduled_post_id: SCHEDULED, scheduled_time: "x" },
      "scheduled_time",
      "UNKNOWN_PARAMETER",
    );
  });

  it("an update may clear text or media, not both at once", () => {
    const update = { account_id: "a1", draft_post_id: DRAFT };
    expectValid("draft_posts.update", { ...update, text: "" });
    expectValid("draft_posts.update", { ...update, media_keys: "" });
    expectValid("draft_posts.update", { ...update, text: "", media_keys: "3_1" });
    expectViolation(
      "draft_posts.update",
      { ...update, text: "", media_keys: "" },
      "text",
      "MISSING_PARAMETER",
    );
    expectViolation(
      "scheduled_posts.update",
      { account_id: "a1", scheduled_post_id: SCHEDULED, text: "", media_keys: [] },
      "text",
      "MISSING_PARAMETER",
    );
  });

  it("scheduled_at lies ahead of now (the clock of the validation)", () => {
    const update = { account_id: "a1", scheduled_post_id: SCHEDULED };
    const now = new Date("2026-06-01T12:00:00Z");
    expectValid(
      "scheduled_posts.update",
      { ...update, scheduled_at: "2026-06-01T12:00:01Z" },
      {
        now,
      },
    );
    for (const past of ["2026-06-01T12:00:00Z", "2026-05-01T00:00:00Z"]) {
      expectViolation(
        "scheduled_posts.update",
        { ...update, scheduled_at: past },
        "scheduled_at",
        "INVALID_PARAMETER",
        { now },
      );
    }
  });

  it("video fields need media_keys that may hold a video", () => {
    const video = { ...post, video_title: "Title", video_description: "About" };
    expectValid("posts.create", { ...video, media_keys: "13_1" }, { mediaKind });
    // Keys of unknown kind are the server's to look up.
    expectValid("posts.create", { ...video, media_keys: "3_9" }, { mediaKind });
    for (const name of ["video_title", "video_description"]) {
      expectViolation("posts.create", video, name, "INVALID_PARAMETER");
      expectViolation(
        "posts.create",
        { ...video, media_keys: "3_1,3_2" },
        name,
        "INVALID_PARAMETER",
        { mediaKind },
      );
    }
  });

  it("video_cta and video_cta_value come together", () => {
    const media = { media_keys: "13_1" };
    expectValid("posts.create", {
      ...post,
      ...media,
      video_cta: "WATCH_NOW",
      video_cta_value: "https://example.com/watch",
    });
    expectViolation(
      "posts.create",
      { ...post, ...media, video_cta: "WATCH_NOW" },
      "video_cta_value",
      "MISSING_PARAMETER",
    );
    expectViolation(
      "posts.create",
      { ...post, ...media, video_cta_value: "https://example.com/watch" },
      "video_cta",
      "MISSING_PARAMETER",
    );
  });
});

describe("account media (spec §4.7)", () => {
  it("filters by the closed creative types", () => {
    expectValid("account_media.list", { account_id: "a1", creative_types: ["PREROLL", "BANNER"] });
    expectViolation(
      "account_media.list",
      { account_id: "a1", creative_types: "PREROLL,SKYSCRAPER" },
      "creative_types[1]",
      "INVALID_PARAMETER",
    );
  });
});
