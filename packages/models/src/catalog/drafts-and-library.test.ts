import { describe, expect, it } from "vitest";
import { LIMITS } from "../limits.js";
import type { MediaKind } from "../rules/context.js";
import { expectValid, expectViolation } from "../../test/support.js";
import { getEndpoint } from "./catalog.js";

const post = { account_id: "a1", as_user_id: "756201191646691328" };
const kinds: Readonly<Record<string, MediaKind>> = { "13_1": "video", "3_1": "image" };
const mediaKind = (key: string): MediaKind | undefined => kinds[key];

describe("media library, drafts and scheduled posts beyond the spec (vendor v12)", () => {
  it("page as the vendor's reference says, without sort or total", () => {
    expect(getEndpoint("media_library.list").paging).toEqual(LIMITS.mediaLibraryCount);
    expect(getEndpoint("draft_posts.list").paging).toEqual(LIMITS.unpublishedPostsCount);
    expect(getEndpoint("scheduled_posts.list").paging).toEqual(LIMITS.unpublishedPostsCount);
    expect(getEndpoint("draft_posts.list").sortable).toEqual([]);
    expectViolation(
      "media_library.list",
      { account_id: "a1", count: LIMITS.mediaLibraryCount.max + 1 },
      "count",
      "OUT_OF_RANGE",
    );
    expectViolation(
      "draft_posts.list",
      { account_id: "a1", with_total_count: true },
      "with_total_count",
      "UNKNOWN_PARAMETER",
    );
  });

  it("filter the media library by type and a query of 1 to 255 characters", () => {
    expectValid("media_library.list", { account_id: "a1", media_type: "GIF", q: "Summer" });
    expectViolation(
      "media_library.list",
      { account_id: "a1", media_type: "AUDIO" },
      "media_type",
      "INVALID_PARAMETER",
    );
    expectViolation("media_library.list", { account_id: "a1", q: "" }, "q", "INVALID_PARAMETER");
  });

  it("add an uploaded medium by its key, with texts of the vendor's lengths", () => {
    expectValid("media_library.create", { account_id: "a1", media_key: "13_1", title: "Go" });
    expectViolation("media_library.create", { account_id: "a1" }, "media_key", "MISSING_PARAMETER");
    expectViolation(
      "media_library.create",
      { account_id: "a1", media_key: "13" },
      "media_key",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "media_library.create",
      { account_id: "a1", media_key: "13_1", name: "n".repeat(LIMITS.mediaLibraryName + 1) },
      "name",
      "TOO_LONG",
    );
    expectViolation(
      "media_library.create",
      { account_id: "a1", media_key: "13_1", title: "t".repeat(LIMITS.videoTitle + 1) },
      "title",
      "TOO_LONG",
    );
  });

  it("update a library object with the add's fields and lengths; the object as read comes back", () => {
    const update = getEndpoint("media_library.update");
    expect(update.readOnly).toEqual(
      expect.arrayContaining(["media_type", "created_at", "deleted", "width", "height"]),
    );
    expect(update.readOnly).not.toContain("name");
    expect(update.family).toBe(getEndpoint("media_library.create").family);
    expect(update.capability).toBe(getEndpoint("media_library.create").capability);
    expectValid("media_library.update", {
      account_id: "a1",
      media_key: "13_1",
      name: "Renamed",
      media_type: "VIDEO",
      posted: "false",
    });
    expectViolation(
      "media_library.update",
      { account_id: "a1", media_key: "13_1", description: "d".repeat(LIMITS.videoDescription + 1) },
      "description",
      "TOO_LONG",
    );
    expectViolation(
      "media_library.update",
      { account_id: "a1", media_key: "13_1", poster_media_key: "poster" },
      "poster_media_key",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "media_library.update",
      { account_id: "a1", media_key: "13_1", tweeted: "true" },
      "tweeted",
      "UNKNOWN_PARAMETER",
    );
  });

  it("create drafts under the post's rules: an author, and text unless media", () => {
    expectValid("draft_posts.create", {
      ...post,
      text: "hello",
      name: "n".repeat(LIMITS.creativeName),
    });
    expectValid("draft_posts.create", { ...post, media_keys: "3_1" }, { mediaKind });
    expectViolation(
      "draft_posts.create",
      { account_id: "a1", text: "hello" },
      "as_user_id",
      "MISSING_PARAMETER",
    );
    expectViolation("draft_posts.create", post, "text", "MISSING_PARAMETER");
    expectViolation(
      "draft_posts.create",
      { ...post, media_keys: "3_1,13_1" },
      "media_keys",
      "TOO_MANY_ITEMS",
      { mediaKind },
    );
  });

  it("schedule posts for a time ahead of now", () => {
    const at = "2099-05-01T10:00:00Z";
    expectValid("scheduled_posts.create", { ...post, text: "later", scheduled_at: at });
    expectViolation(
      "scheduled_posts.create",
      { ...post, text: "later" },
      "scheduled_at",
      "MISSING_PARAMETER",
    );
    expectViolation(
      "scheduled_posts.create",
      { ...post, text: "later", scheduled_at: "2001-05-01T10:00:00Z" },
      "scheduled_at",
      "INVALID_PARAMETER",
    );
  });
});
