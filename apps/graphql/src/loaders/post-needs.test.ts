import { describe, expect, it } from "vitest";
import {
  coverageOf,
  isEmpty,
  lookupParams,
  NeedsBuilder,
  NO_NEEDS,
  remainingNeeds,
  unionNeeds,
} from "./post-needs.js";
import { PostRecord } from "./post-shapes.js";

const needs = (build: (b: NeedsBuilder) => unknown) => {
  const builder = new NeedsBuilder();
  build(builder);
  return builder.build();
};

describe("post needs", () => {
  it("send no field list for what only needs the defaults (id, text)", () => {
    expect(lookupParams(NO_NEEDS)).toEqual({});
    expect(isEmpty(NO_NEEDS)).toBe(true);
  });

  it("ask an expansion with its join field and the sub-fields of the objects it brings", () => {
    const author = needs((b) => b.expand("author_id"));
    expect(lookupParams(author)).toEqual({
      "post.fields": ["author_id"],
      expansions: ["author_id"],
    });
    const media = needs((b) => b.expand("attachments.media_keys", ["url", "duration_ms"]));
    expect(lookupParams(media)).toEqual({
      "post.fields": ["attachments"],
      expansions: ["attachments.media_keys"],
      "media.fields": ["duration_ms", "url"],
    });
  });

  it("unite needs: fields once, sub-fields per expansion, user.fields for either user expansion", () => {
    const all = unionNeeds(
      needs((b) => b.field("created_at").expand("author_id")),
      needs((b) => b.field("created_at").expand("in_reply_to_user_id", ["created_at"])),
      needs((b) => b.expand("attachments.media_keys", ["public_metrics"])),
    );
    expect(lookupParams(all)).toEqual({
      "post.fields": ["attachments", "author_id", "created_at", "in_reply_to_user_id"],
      expansions: ["attachments.media_keys", "author_id", "in_reply_to_user_id"],
      "media.fields": ["public_metrics"],
      "user.fields": ["created_at"],
    });
  });

  it("say what a lookup covers: every asked field, and each expansion with the sub-fields asked", () => {
    expect(
      coverageOf({
        "post.fields": ["author_id", "attachments"],
        expansions: ["author_id", "attachments.media_keys"],
        "media.fields": ["url"],
        "user.fields": ["created_at"],
      }),
    ).toEqual({
      fields: ["author_id", "attachments"],
      expansions: [
        ["author_id", ["created_at"]],
        ["attachments.media_keys", ["url"]],
      ],
    });
  });

  it("leave out what a post already holds, and expansions with nothing to join", () => {
    const post = new PostRecord("1");
    post.merge(
      { id: "1", text: "hi", author_id: "7", created_at: "2026-01-01T00:00:00.000Z" },
      ["author_id", "created_at", "attachments"], // attachments asked: the post has no media
      [["author_id", []]],
    );
    const wanted = needs((b) =>
      b
        .field("created_at")
        .expand("author_id", ["created_at"])
        .expand("attachments.media_keys", ["url"])
        .field("lang"),
    );
    const left = remainingNeeds(wanted, post);
    // author_id is known: only the expansion with user.fields; no media to expand.
    expect(lookupParams(left)).toEqual({
      "post.fields": ["lang"],
      expansions: ["author_id"],
      "user.fields": ["created_at"],
    });
    expect(
      isEmpty(
        remainingNeeds(
          needs((b) => b.expand("author_id")),
          post,
        ),
      ),
    ).toBe(true);
  });
});
