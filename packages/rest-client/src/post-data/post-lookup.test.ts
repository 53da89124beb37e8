import type { DataPostsLookup } from "@adsgraph/models";
import { describe, expect, it } from "vitest";
import { answerLookup, postId, postStore } from "../../test/support/fake-posts.js";
import type { LookupQuery } from "../../test/support/fake-posts.js";
import { createRestClient } from "../client/client.js";
import { RestProtocolError, RestValidationError } from "../core/errors.js";
import { answerWith, forEndpoints } from "../core/middleware.js";
import { lookupPosts } from "./post-lookup.js";

type Params = Readonly<Record<string, unknown>>;

/** A client whose post lookups are answered in memory by `answer`; every call's params kept. */
function clientAnswering(
  answer: (params: Params, index: number) => DataPostsLookup | Promise<DataPostsLookup>,
) {
  const calls: Params[] = [];
  const client = createRestClient({
    middleware: [
      forEndpoints(["post_data.posts.lookup"], async (ctx) => {
        const index = calls.push(ctx.params) - 1;
        return answerWith(await answer(ctx.params, index));
      }),
    ],
  });
  return { client, calls };
}

const list = (value: unknown): string[] => (Array.isArray(value) ? (value as string[]) : []);
const queryOf = (params: Params): LookupQuery => ({
  ids: list(params.ids),
  "post.fields": list(params["post.fields"]),
  expansions: list(params.expansions),
  "media.fields": list(params["media.fields"]),
  "user.fields": list(params["user.fields"]),
});

describe("lookupPosts", () => {
  it("sends only the lists asked, once each in the order asked; none asked: ids alone", async () => {
    const store = postStore(3);
    const { client, calls } = clientAnswering((params) => answerLookup(store, queryOf(params)));
    const ids = [postId(0), postId(1)];

    const plain = await lookupPosts(client, { ids, fields: [], expansions: [] });
    expect(Object.keys(calls[0] ?? {})).toEqual(["ids"]);
    expect(plain.data).toEqual([
      { id: postId(0), text: "post 0" },
      { id: postId(1), text: "post 1" },
    ]);
    expect(plain.includes).toEqual({});

    await lookupPosts(client, {
      ids: [...ids, postId(0)],
      fields: ["public_metrics", "author_id", "public_metrics"],
      expansions: ["author_id"],
      userFields: ["created_at"],
      mediaFields: ["url"],
    });
    expect(calls[1]).toEqual({
      ids,
      "post.fields": ["public_metrics", "author_id"],
      expansions: ["author_id"],
      "media.fields": ["url"],
      "user.fields": ["created_at"],
    });
    await client.close();
  });

  it("merges every chunk: data in input order, includes once each and only as expanded, errors kept", async () => {
    const store = postStore(150);
    // The second chunk answers first; the service sends media although it was not expanded.
    const { client, calls } = clientAnswering(async (params, index) => {
      await new Promise((resolve) => setTimeout(resolve, index === 0 ? 20 : 0));
      const answer = answerLookup(store, queryOf(params));
      return { ...answer, includes: { ...answer.includes, media: store.media.slice() } };
    });
    const wanted = [postId(999), ...Array.from({ length: 150 }, (_, n) => postId(149 - n))];
    const answer = await lookupPosts(client, {
      ids: wanted,
      fields: ["author_id"],
      expansions: ["author_id", "referenced_tweets.id"],
    });
    expect(calls.map((params) => list(params.ids).length)).toEqual([100, 51]);
    expect(answer.data.map((post) => post.id)).toEqual(wanted.slice(1));
    expect(answer.includes.users.map((user) => user.id).sort()).toEqual(["101", "102", "103"]);
    expect(answer.includes.posts).toEqual([{ id: postId(0), text: "post 0", author_id: "101" }]);
    expect(answer.includes).not.toHaveProperty("media");
    expect(answer.errors).toEqual([
      expect.objectContaining({ value: postId(999), parameter: "ids" }),
    ]);
    await client.close();
  });

  it("sends nothing for no ids, and still has a key per expanded kind", async () => {
    const { client, calls } = clientAnswering(() => ({}));
    const answer = await lookupPosts(client, {
      ids: [],
      expansions: ["attachments.media_keys", "in_reply_to_user_id"],
    });
    expect(calls).toHaveLength(0);
    expect(answer).toEqual({ data: [], includes: { media: [], users: [] }, errors: [] });
    await client.close();
  });

  it("refuses an answer without a field every post has once asked; others may be absent", async () => {
    const { client } = clientAnswering((params) => ({
      data: list(params.ids).map((id) => ({ id, text: "t" })),
      includes: { users: [{ id: "101", name: "A", username: "a" }] },
    }));
    // attachments only come with media: an answer without them is what was asked.
    await expect(
      lookupPosts(client, { ids: [postId(1)], fields: ["attachments", "in_reply_to_user_id"] }),
    ).resolves.toMatchObject({ data: [{ id: postId(1) }] });
    const error = await lookupPosts(client, { ids: [postId(1)], fields: ["created_at"] }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RestProtocolError);
    expect((error as Error).message).toContain(`post ${postId(1)} without created_at`);
    await expect(
      lookupPosts(client, {
        ids: [postId(1)],
        expansions: ["author_id"],
        userFields: ["created_at"],
      }),
    ).rejects.toThrow("user 101 without created_at");
    await client.close();
  });

  it("runs chunks with bounded concurrency", async () => {
    let inFlight = 0;
    let peak = 0;
    const { client, calls } = clientAnswering(async () => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 10));
      inFlight -= 1;
      return {};
    });
    const ids = Array.from({ length: 1000 }, (_, n) => postId(n));
    await lookupPosts(client, { ids }, { concurrency: 3 });
    expect(calls).toHaveLength(10);
    expect(peak).toBe(3);
    await client.close();
  });

  it("validates every request through the catalog: post ids are digits", async () => {
    const { client, calls } = clientAnswering(() => ({}));
    await expect(lookupPosts(client, { ids: ["12", "abc"] })).rejects.toBeInstanceOf(
      RestValidationError,
    );
    expect(calls).toHaveLength(0);
    await client.close();
  });
});
