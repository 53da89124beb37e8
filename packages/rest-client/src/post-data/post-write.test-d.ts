import type { DataPostCreateResult } from "@adsgraph/models";
import { describe, expectTypeOf, it } from "vitest";
import type { RestClient } from "../client/client.js";
import { createPost, editPost } from "./post-write.js";

declare const client: RestClient;

describe("post writes are typed from the catalog", () => {
  it("createPost takes posts, replies and quotes, not edits", () => {
    expectTypeOf(
      createPost(client, {
        text: "@a thanks",
        media: { media_ids: ["1400000000000011310"] },
        reply: { in_reply_to_post_id: "1166476031668015104" },
        quote_post_id: "1166476031668015103",
      }),
    ).resolves.toEqualTypeOf<DataPostCreateResult>();
    // @ts-expect-error edits go through editPost
    void createPost(client, { text: "x", edit_options: { previous_post_id: "1" } });
    // @ts-expect-error the spec's name is in_reply_to_post_id
    void createPost(client, { text: "x", reply: { in_reply_to_tweet_id: "1" } });
    // @ts-expect-error media_ids, not media_keys
    void createPost(client, { media: { media_keys: ["3_1"] } });
  });

  it("editPost changes text and media only", () => {
    expectTypeOf(editPost(client, "1166476031668015104", { text: "fixed" }))
      .resolves.toHaveProperty("data")
      .toHaveProperty("edit_history_post_ids")
      .toEqualTypeOf<string[] | undefined>();
    // @ts-expect-error an edit cannot change what the post answers
    void editPost(client, "1", { text: "x", reply: { in_reply_to_post_id: "2" } });
    // @ts-expect-error an edit cannot change what the post quotes
    void editPost(client, "1", { text: "x", quote_post_id: "2" });
  });

  it("the generic client takes the same rows", () => {
    void client.post_data.posts.create({ text: "e", edit_options: { previous_post_id: "1" } });
    void client.call("post_data.posts.lookup", {
      ids: ["1", "2"],
      "post.fields": ["author_id", "public_metrics"],
      expansions: ["author_id"],
      "user.fields": ["created_at"],
    });
  });
});
