import type { DataLookupError, PostPublicMetrics, PostReference } from "@adsgraph/models";
import { describe, expectTypeOf, it } from "vitest";
import type { RestClient } from "../client/client.js";
import { lookupPosts } from "./post-lookup.js";
import type { SelectedMedia, SelectedPost, SelectedUser } from "./post-lookup.js";

declare const client: RestClient;
const ids = ["1166476031668015104"];

describe("lookupPosts narrows its answer to what was asked", () => {
  it("asked post fields are there; others are not", async () => {
    const answer = await lookupPosts(client, {
      ids,
      fields: ["author_id", "public_metrics", "referenced_tweets"],
      expansions: ["author_id"],
    });
    type Post = (typeof answer.data)[number];
    expectTypeOf<Post["id"]>().toEqualTypeOf<string>();
    expectTypeOf<Post["text"]>().toEqualTypeOf<string>();
    // Every post has an author and metrics: required because asked.
    expectTypeOf<Post["author_id"]>().toEqualTypeOf<string>();
    expectTypeOf<Post["public_metrics"]>().toEqualTypeOf<PostPublicMetrics>();
    // Only posts that reference one have referenced_tweets: optional although asked.
    expectTypeOf<Post>().toHaveProperty("referenced_tweets");
    expectTypeOf<Post["referenced_tweets"]>().toEqualTypeOf<PostReference[] | undefined>();
    // Not asked: not in the type.
    expectTypeOf<Post>().not.toHaveProperty("created_at");
    // @ts-expect-error created_at was not asked for
    expectTypeOf(answer.data[0]?.created_at);
    expectTypeOf(answer.errors).toEqualTypeOf<DataLookupError[]>();
  });

  it("includes holds exactly the expanded kinds, with the asked fields", async () => {
    const answer = await lookupPosts(client, {
      ids,
      fields: ["author_id"],
      expansions: ["author_id"],
      userFields: ["created_at"],
    });
    expectTypeOf(answer.includes.users).toEqualTypeOf<SelectedUser<"created_at">[]>();
    expectTypeOf(answer.includes.users).toEqualTypeOf<
      { id: string; name: string; username: string; created_at: string }[]
    >();
    expectTypeOf(answer.includes).not.toHaveProperty("media");
    expectTypeOf(answer.includes).not.toHaveProperty("posts");
    // @ts-expect-error media was not expanded
    expectTypeOf(answer.includes.media);

    const media = await lookupPosts(client, {
      ids,
      expansions: ["attachments.media_keys", "referenced_tweets.id"],
      mediaFields: ["duration_ms"],
    });
    expectTypeOf(media.includes.media).toEqualTypeOf<SelectedMedia<"duration_ms">[]>();
    expectTypeOf<SelectedMedia<"duration_ms">["duration_ms"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<SelectedMedia<"duration_ms">>().not.toHaveProperty("url");
    // Referenced posts carry the same post fields as data (here: the default).
    expectTypeOf(media.includes.posts).toEqualTypeOf<SelectedPost[]>();
    expectTypeOf(media.includes).not.toHaveProperty("users");
    // in_reply_to_user_id expands users too.
    const replies = await lookupPosts(client, { ids, expansions: ["in_reply_to_user_id"] });
    expectTypeOf(replies.includes.users).toEqualTypeOf<SelectedUser[]>();
  });

  it("no field list: the default id and text, and no includes", async () => {
    const answer = await lookupPosts(client, { ids });
    expectTypeOf(answer.data).toEqualTypeOf<{ id: string; text: string }[]>();
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no expansion, no key
    expectTypeOf(answer.includes).toEqualTypeOf<{}>();
  });

  it("takes only the catalog's names", () => {
    // @ts-expect-error not a post field of the catalog
    void lookupPosts(client, { ids, fields: ["favorite_count"] });
    // @ts-expect-error not an expansion of the catalog
    void lookupPosts(client, { ids, expansions: ["attachments.poll_ids"] });
    // @ts-expect-error not a media field of the catalog
    void lookupPosts(client, { ids, mediaFields: ["alt_text"] });
    // @ts-expect-error not a user field of the catalog
    void lookupPosts(client, { ids, userFields: ["verified"] });
    // @ts-expect-error wire names are not the helper's keys
    void lookupPosts(client, { ids, "post.fields": ["author_id"] });
    // Readonly lists (a shared constant) are fine.
    const fields = ["created_at", "lang"] as const;
    expectTypeOf(lookupPosts(client, { ids, fields }))
      .resolves.toHaveProperty("data")
      .toEqualTypeOf<SelectedPost<"created_at" | "lang">[]>();
  });
});
