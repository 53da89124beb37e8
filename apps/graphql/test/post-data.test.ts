import { DEMO } from "@adsgraph/ads-api";
import { tapRequests } from "@adsgraph/ads-api/testing";
import type { RequestTap, TappedRequest } from "@adsgraph/ads-api/testing";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { globalId, startStack } from "../testing/index.js";
import type { Stack } from "../testing/index.js";

// Query.posts over the post-data API (spec §4.9), against the real ads-api and its demo posts,
// on both engines: the lookups ads-api receives ask exactly what the selection needs, ≤100 ids
// each, with the app's bearer token; referenced posts cost one more lookup per level.

/** A demo post id (ads-api's demo-posts.ts): account n (1, 2; 0 the friend's post), seq. */
const postId = (n: number, seq: number) => `15900000000000${n}${String(seq).padStart(4, "0")}`;
const FRIEND_POST = postId(0, 1);
/** Account 1's published posts: 8 promoted-only, 3 organic. */
const PUBLISHED = [1, 2, 3, 4, 5, 6, 7, 8, 101, 102, 103].map((seq) => postId(1, seq));

/** The field parameters of a lookup as ads-api received them (absent ones left out). */
const FIELD_PARAMS = ["post.fields", "expansions", "media.fields", "user.fields"] as const;
function fieldsOf(request: TappedRequest): Record<string, string> {
  return Object.fromEntries(
    FIELD_PARAMS.flatMap((name) =>
      request.query[name] === undefined ? [] : [[name, request.query[name]]],
    ),
  );
}

/** An answer: its body, its data in the query's shape, its upstream requests by endpoint. */
interface Ran<T> {
  body: Awaited<ReturnType<Stack["query"]>>;
  data: T;
  byEndpoint: Record<string, number>;
  lookups: readonly TappedRequest[];
}

describe.each(HTTP_TEST_ENGINES)("posts by id through the post-data API on %s", (engine) => {
  let stack: Stack;
  let tap: RequestTap;

  beforeAll(async () => {
    stack = await startStack({ engine, measureUpstream: true });
    tap = tapRequests(stack.adsApi);
  });
  afterAll(() => stack.close());

  /** Runs a query; its data, its upstream requests by endpoint, and the lookups ads-api received. */
  const run = async <T>(query: string, variables?: Record<string, unknown>): Promise<Ran<T>> => {
    const from = tap.requests.length;
    const body = await stack.query(query, variables);
    const lookups = tap.requests
      .slice(from)
      .filter((r) => r.role === "base" && r.path === "/2/posts" && r.method === "GET");
    return {
      body,
      data: body.data as T,
      byEndpoint: body.extensions?.upstream?.byEndpoint ?? {},
      lookups,
    };
  };
  const ok = async <T>(query: string, variables?: Record<string, unknown>): Promise<Ran<T>> => {
    const result = await run<T>(query, variables);
    expect(result.body.errors, JSON.stringify(result.body.errors)).toBeUndefined();
    return result;
  };

  it("sends no field list for text alone, with the app's bearer token", async () => {
    const { data, lookups, byEndpoint } = await ok<{ posts: { rawId: string; text: string }[] }>(
      `query($ids: [String!]!) { posts(rawIds: $ids) { id rawId text } }`,
      { ids: PUBLISHED },
    );
    expect(data.posts.map((p) => p.rawId)).toEqual(PUBLISHED);
    expect(data.posts[0]?.text).toMatch(/^Spring launch/);
    expect(lookups).toHaveLength(1);
    expect(lookups[0]?.query).toEqual({ ids: PUBLISHED.join(",") });
    expect(lookups[0]?.scheme).toBe("bearer");
    expect(byEndpoint).toEqual({ "post_data.posts.lookup": 1 });
  });

  it("asks author_id and its expansion for author { username }, and no user.fields", async () => {
    const { data, lookups } = await ok<{
      posts: { author: { rawId: string; username: string } }[];
    }>(`query($ids: [String!]!) { posts(rawIds: $ids) { author { rawId username } } }`, {
      ids: [PUBLISHED[0], FRIEND_POST],
    });
    expect(lookups.map(fieldsOf)).toEqual([
      { "post.fields": "author_id", expansions: "author_id" },
    ]);
    expect(data.posts.map((p) => p.author)).toEqual([
      { rawId: DEMO.user.id, username: DEMO.user.screenName },
      { rawId: DEMO.friend.id, username: DEMO.friend.screenName },
    ]);
  });

  it("asks attachments, the media expansion and exactly media.fields for media { url durationMs }", async () => {
    // seq 2: a photo; seq 4: a video; seq 6: no media.
    const ids = [postId(1, 2), postId(1, 4), postId(1, 6)];
    const { data, lookups } = await ok<{
      posts: { media: { mediaKey: string; url: string | null; durationMs: number | null }[] }[];
    }>(`query($ids: [String!]!) { posts(rawIds: $ids) { media { mediaKey url durationMs } } }`, {
      ids,
    });
    expect(lookups.map(fieldsOf)).toEqual([
      {
        "post.fields": "attachments",
        expansions: "attachments.media_keys",
        "media.fields": "duration_ms,url",
      },
    ]);
    const [photo, video, none] = data.posts;
    expect(photo?.media).toEqual([
      {
        mediaKey: expect.stringMatching(/^3_/) as unknown,
        url: expect.any(String) as unknown,
        durationMs: null,
      },
    ]);
    expect(video?.media[0]?.durationMs).toBeGreaterThan(0);
    expect(none?.media).toEqual([]);
  });

  it("costs one lookup for aliases with different selections: the union of their needs", async () => {
    const { data, lookups, byEndpoint } = await ok<{
      a: { author: { username: string } }[];
      b: { createdAt: string; media: { url: string | null }[] }[];
    }>(
      `query($ids: [String!]!) { a: posts(rawIds: $ids) { author { username } }
        b: posts(rawIds: $ids) { createdAt media { url } } }`,
      { ids: PUBLISHED },
    );
    expect(byEndpoint).toEqual({ "post_data.posts.lookup": 1 });
    expect(lookups.map(fieldsOf)).toEqual([
      {
        "post.fields": "attachments,author_id,created_at",
        expansions: "attachments.media_keys,author_id",
        "media.fields": "url",
      },
    ]);
    expect(data.a.every((p) => p.author.username === DEMO.user.screenName)).toBe(true);
    expect(data.b[0]?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it("splits 250 ids into three lookups of ≤100; unknown ids are null with NOT_FOUND", async () => {
    const unknown = Array.from({ length: 250 - PUBLISHED.length }, (_, n) => String(9_000_000 + n));
    const ids = [...PUBLISHED, ...unknown];
    const { body, lookups, byEndpoint } = await run<{ posts: ({ lang: string } | null)[] }>(
      `query($ids: [String!]!) { posts(rawIds: $ids) { rawId lang } }`,
      { ids },
    );
    expect(byEndpoint).toEqual({ "post_data.posts.lookup": 3 });
    expect(lookups.map((l) => l.query.ids?.split(",").length)).toEqual([100, 100, 50]);
    expect(lookups.map(fieldsOf)).toEqual(Array(3).fill({ "post.fields": "lang" }));
    const posts = (body.data as { posts: ({ rawId: string } | null)[] }).posts;
    expect(posts.slice(0, PUBLISHED.length).map((p) => p?.rawId)).toEqual(PUBLISHED);
    expect(posts.slice(PUBLISHED.length).every((p) => p === null)).toBe(true);
    expect(body.errors).toHaveLength(unknown.length);
    expect(body.errors?.[0]).toMatchObject({
      path: ["posts", PUBLISHED.length],
      extensions: { code: "NOT_FOUND" },
    });
  });

  it("reads a page's replied-to posts in one more lookup, with their own selection", async () => {
    // seq 7 of both accounts replies to the friend's post; the others reply to nothing.
    const ids = [...PUBLISHED, postId(2, 7)];
    const { data, lookups, byEndpoint } = await ok<{
      posts: { inReplyTo: { rawId: string; author: { username: string } } | null }[];
    }>(
      `query($ids: [String!]!) { posts(rawIds: $ids) { text inReplyTo { rawId author { username } } } }`,
      { ids },
    );
    expect(byEndpoint).toEqual({ "post_data.posts.lookup": 2 });
    expect(lookups.map((l) => [l.query.ids, fieldsOf(l)])).toEqual([
      [ids.join(","), { "post.fields": "referenced_tweets" }],
      [FRIEND_POST, { "post.fields": "author_id", expansions: "author_id" }],
    ]);
    const replies = data.posts.filter((p) => p.inReplyTo !== null);
    expect(replies).toHaveLength(2);
    expect(replies[0]?.inReplyTo).toEqual({
      rawId: FRIEND_POST,
      author: { username: DEMO.friend.screenName },
    });
  });

  it("shows every field of a post: entities, metrics, references, language, edit history", async () => {
    const { data, lookups } = await ok<{
      posts: Record<string, unknown>[];
    }>(
      `query($ids: [String!]!) { posts(rawIds: $ids) { rawId conversationId lang possiblySensitive
        inReplyToUserId inReplyToUser { username createdAt } inReplyToPostId quotedPostId
        referencedPosts { type postId } editHistoryIds publicMetrics { likeCount replyCount }
        entities { mentions { username userId start end } hashtags { tag } urls { url expandedUrl } }
        name nullcast } }`,
      { ids: [postId(1, 7), postId(1, 1)] },
    );
    expect(lookups.map(fieldsOf)).toEqual([
      {
        "post.fields":
          "conversation_id,edit_history_post_ids,entities,in_reply_to_user_id,lang,possibly_sensitive,public_metrics,referenced_tweets",
        expansions: "in_reply_to_user_id",
        "user.fields": "created_at",
      },
    ]);
    const [reply, launch] = data.posts;
    expect(reply).toMatchObject({
      conversationId: FRIEND_POST,
      inReplyToUserId: DEMO.friend.id,
      inReplyToUser: { username: DEMO.friend.screenName },
      inReplyToPostId: FRIEND_POST,
      referencedPosts: [{ type: "REPLIED_TO", postId: FRIEND_POST }],
      editHistoryIds: [postId(1, 7)],
      entities: {
        mentions: [{ username: DEMO.friend.screenName, userId: DEMO.friend.id, start: 0 }],
      },
      // Read by id: the advertising list's fields are unknown.
      name: null,
      nullcast: null,
    });
    expect(launch).toMatchObject({
      inReplyToUser: null,
      entities: { hashtags: [{ tag: "SpringLaunch" }, { tag: "DemoCoffee" }] },
    });
  });

  it("answers node(id) for a post with one lookup asking what its fragment needs", async () => {
    const { data: first } = await ok<{ posts: { id: string }[] }>(
      `query($ids: [String!]!) { posts(rawIds: $ids) { id } }`,
      { ids: [postId(1, 3)] },
    );
    const id = first.posts[0]?.id;
    const { data, lookups } = await ok<{ node: { rawId: string; mediaKeys: string[] } }>(
      `query($id: ID!) { node(id: $id) { id ... on Post { rawId mediaKeys } ... on Draft { userId } } }`,
      { id },
    );
    expect(data.node.rawId).toBe(postId(1, 3));
    expect(data.node.mediaKeys).toHaveLength(3);
    expect(lookups.map(fieldsOf)).toEqual([{ "post.fields": "attachments" }]);
  });

  it("refuses ids that are not digits, and more than 500, before any request", async () => {
    const bad = await run(`{ posts(rawIds: ["12", "abc"]) { text } }`);
    expect(bad.body.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      violations: [{ field: "rawIds[1]", code: "INVALID_PARAMETER" }],
    });
    const badGlobal = await run(
      `{ posts(ids: ["${globalId("Post", "12")}", "${globalId("Post", "abc")}"]) { text } }`,
    );
    expect(badGlobal.body.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      violations: [{ field: "ids[1]", code: "INVALID_PARAMETER" }],
    });
    const both = await run(
      `{ posts(ids: ["${globalId("Post", "12")}"], rawIds: ["12"]) { text } }`,
    );
    expect(both.body.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      violations: [{ field: "ids" }, { field: "rawIds" }],
    });
    const many = await run(`query($ids: [String!]!) { posts(rawIds: $ids) { rawId } }`, {
      ids: Array.from({ length: 501 }, (_, n) => String(n + 1)),
    });
    expect(many.body.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      violations: [{ field: "rawIds", code: "TOO_MANY_IDS" }],
    });
    expect(bad.lookups).toEqual([]);
    expect(badGlobal.lookups).toEqual([]);
    expect(both.lookups).toEqual([]);
    expect(many.lookups).toEqual([]);
  });
});
