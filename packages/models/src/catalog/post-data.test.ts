import { describe, expect, it } from "vitest";
import { LIMITS } from "../limits.js";
import { expectValid, expectViolation } from "../../test/support.js";

describe("post-data API (spec §4.9)", () => {
  it("fields, expansions and media fields take the values the spec names", () => {
    const value = expectValid("post_data.posts.lookup", {
      ids: "1166476031668015104",
      "post.fields": "attachments,author_id,created_at,public_metrics",
      expansions: ["attachments.media_keys"],
      "media.fields": "public_metrics,duration_ms",
    });
    expect(value["post.fields"]).toEqual([
      "attachments",
      "author_id",
      "created_at",
      "public_metrics",
    ]);
    expectViolation(
      "post_data.posts.lookup",
      { ids: "1", "post.fields": "text,favorite_count" },
      "post.fields[1]",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "post_data.posts.lookup",
      { ids: "1", expansions: "attachments.poll_ids" },
      "expansions[0]",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "post_data.posts.lookup",
      { ids: "1", "media.fields": "alt_text" },
      "media.fields[0]",
      "INVALID_PARAMETER",
    );
    expectValid("post_data.posts.lookup", { ids: "1", "user.fields": "name,username" });
    expectViolation(
      "post_data.posts.lookup",
      { ids: "1", "user.fields": "name,verified" },
      "user.fields[1]",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "post_data.posts.lookup",
      { ids: "1", "place.fields": "name" },
      "place.fields",
      "UNKNOWN_PARAMETER",
    );
  });

  it("a lookup names at most 100 posts (the vendor's v2 limit, stricter than §4.2's 200)", () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => String(1000 + i));
    expectValid("post_data.posts.lookup", { ids: ids(LIMITS.postLookupIds) });
    expectViolation(
      "post_data.posts.lookup",
      { ids: ids(LIMITS.postLookupIds + 1) },
      "ids",
      "TOO_MANY_IDS",
    );
  });

  it("post ids are digit strings", () => {
    expectViolation("post_data.posts.lookup", { ids: "12,abc" }, "ids[1]", "INVALID_PARAMETER");
    expectViolation("post_data.posts.lookup", {}, "ids", "MISSING_PARAMETER");
  });

  it("the single read (beyond the spec) takes a digit id and the lookup's lists, not ids", () => {
    const value = expectValid("post_data.posts.get", {
      id: "1166476031668015104",
      "post.fields": "author_id",
      expansions: "author_id",
      "user.fields": "created_at",
    });
    expect(value.expansions).toEqual(["author_id"]);
    expectViolation("post_data.posts.get", { id: "12a" }, "id", "INVALID_PARAMETER");
    expectViolation("post_data.posts.get", { id: "1", ids: "1" }, "ids", "UNKNOWN_PARAMETER");
    expectViolation(
      "post_data.posts.get",
      { id: "1", "media.fields": "alt_text" },
      "media.fields[0]",
      "INVALID_PARAMETER",
    );
  });

  it("create: edits name the previous post by digit id; share_with_followers needs community_id", () => {
    expectValid("post_data.posts.create", {
      text: "edited",
      edit_options: { previous_post_id: "1166476031668015104" },
    });
    expectViolation(
      "post_data.posts.create",
      { text: "x", edit_options: { previous_post_id: 1 } },
      "edit_options.previous_post_id",
      "INVALID_PARAMETER",
    );
    expectValid("post_data.posts.create", {
      text: "hi",
      community_id: "1500000000000000001",
      share_with_followers: true,
    });
    expectViolation(
      "post_data.posts.create",
      { text: "hi", share_with_followers: true },
      "community_id",
      "MISSING_PARAMETER",
    );
  });

  it("create: text or media; replies and quotes name posts by digit id; an edit changes text and media only", () => {
    expectValid("post_data.posts.create", { media: { media_ids: ["1400000000000011310"] } });
    expectViolation("post_data.posts.create", {}, "text", "MISSING_PARAMETER");
    expectViolation(
      "post_data.posts.create",
      { media: { media_ids: [] } },
      "media.media_ids",
      "TOO_FEW_ITEMS",
    );
    expectValid("post_data.posts.create", {
      text: "@a thanks",
      reply: { in_reply_to_post_id: "1166476031668015104" },
      quote_post_id: "1166476031668015103",
    });
    expectViolation(
      "post_data.posts.create",
      { text: "x", reply: { in_reply_to_tweet_id: "1" } },
      "reply.in_reply_to_tweet_id",
      "UNKNOWN_PARAMETER",
    );
    expectViolation(
      "post_data.posts.create",
      {
        text: "x",
        reply: { in_reply_to_post_id: "1" },
        edit_options: { previous_post_id: "2" },
      },
      "reply",
      "CONFLICTING_PARAMETERS",
    );
  });

  it("activity subscriptions filter by direction sent, received or both", () => {
    expectValid("activity.subscriptions.create", {
      event_type: "dm.received",
      filter: { user_id: "2244994945", direction: "both" },
    });
    expectViolation(
      "activity.subscriptions.create",
      { filter: { direction: "inbound" } },
      "filter.direction",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "activity.subscriptions.create",
      { filter: { direction: "sent" } },
      "filter.user_id",
      "MISSING_PARAMETER",
    );
    expectViolation(
      "activity.subscriptions.create",
      { event_type: "profilebioupdate" },
      "event_type",
      "INVALID_PARAMETER",
    );
  });
});
