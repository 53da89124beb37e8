import { DEMO } from "@adsgraph/ads-api";
import { tapRequests } from "@adsgraph/ads-api/testing";
import type { RequestTap, TappedRequest } from "@adsgraph/ads-api/testing";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { globalId, startStack } from "../testing/index.js";
import type { Stack } from "../testing/index.js";
import { present } from "./support/present.js";

// An account's posts (spec §4.7 GET posts) in the graph, against the real ads-api and its demo
// posts, on both engines: each post type with its filters and paging, drafts and scheduled
// posts by id, previews, and the post-data API asked only for what the list does not answer.

const A = DEMO.accounts[0].id;
const postId = (n: number, seq: number) => `15900000000000${n}${String(seq).padStart(4, "0")}`;
const FRIEND_POST = postId(0, 1);
/** Account 1's promoted-only posts without replies and opening mentions, newest first. */
const PROMOTED = [8, 6, 5, 4, 3, 2, 1].map((seq) => postId(1, seq));
/** Account 1's promoted-only drafts (the list's default timeline), newest first; 204 is organic. */
const DRAFTS = [203, 202, 201].map((seq) => postId(1, seq));
const ORGANIC_DRAFT = postId(1, 204);
const SCHEDULED = [303, 302, 301].map((seq) => postId(1, seq));

interface Connection<T> {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: { cursor: string; node: T }[];
}
type AccountPosts<T> = { account: { posts: Connection<T> } };

const nodes = <T>(data: AccountPosts<T>) => data.account.posts.edges.map((e) => e.node);

/** An answer: its body, its data in the query's shape, its upstream requests by endpoint. */
interface Ran<T> {
  body: Awaited<ReturnType<Stack["query"]>>;
  data: T;
  byEndpoint: Record<string, number>;
  received: readonly TappedRequest[];
}

describe.each(HTTP_TEST_ENGINES)("an account's posts in the graph on %s", (engine) => {
  let stack: Stack;
  let tap: RequestTap;

  beforeAll(async () => {
    stack = await startStack({ engine, measureUpstream: true });
    tap = tapRequests(stack.adsApi);
  });
  afterAll(() => stack.close());

  const run = async <T>(query: string, variables?: Record<string, unknown>): Promise<Ran<T>> => {
    const from = tap.requests.length;
    const body = await stack.query(query, variables);
    return {
      body,
      data: body.data as T,
      byEndpoint: body.extensions?.upstream?.byEndpoint ?? {},
      received: tap.requests.slice(from),
    };
  };
  const ok = async <T>(query: string, variables?: Record<string, unknown>): Promise<Ran<T>> => {
    const result = await run<T>(query, variables);
    expect(result.body.errors, JSON.stringify(result.body.errors)).toBeUndefined();
    return result;
  };
  const posts = (args: string, selection: string) =>
    `{ account(rawId: "${A}") { posts(${args}) { pageInfo { hasNextPage endCursor }
      edges { cursor node { __typename ${selection} } } } } }`;

  it("lists published posts as Post nodes; what the list answers costs nothing more", async () => {
    const { data, byEndpoint, received } = await ok<AccountPosts<Record<string, unknown>>>(
      posts(
        "type: PUBLISHED",
        `id rawId text name nullcast cardUri createdAt updatedAt mediaKeys author { rawId }
        ... on Post { authorId media { mediaKey } publicMetrics { likeCount repostCount }
          lang inReplyToPostId inReplyTo { rawId } videoCta videoCtaValue conversationSettings }`,
      ),
    );
    const list = nodes(data);
    expect(list.map((p) => p.rawId)).toEqual(PROMOTED);
    expect(list.every((p) => p.__typename === "Post" && p.nullcast === true)).toBe(true);
    expect(list.find((p) => p.rawId === postId(1, 4))).toMatchObject({
      name: "Brand film",
      videoCta: "WATCH_NOW",
      videoCtaValue: "https://example.com/film",
      mediaKeys: [expect.stringMatching(/^13_/) as unknown],
      author: { rawId: DEMO.user.id },
      inReplyTo: null,
    });
    expect(list[0]?.cardUri).toMatch(/^card:\/\//);
    expect(byEndpoint).toEqual({ "accounts.get": 1, "posts.list": 1 });
    // No author profile selected: the list is asked to trim the embedded user.
    const list0 = present(received.find((r) => r.path.endsWith("/posts")));
    expect(list0.query).toMatchObject({ post_type: "PUBLISHED", trim_user: "true" });
  });

  it("reads the rest of a page's posts in one lookup asking only what the list lacks", async () => {
    const { data, byEndpoint, received } = await ok<
      AccountPosts<{ rawId: string; author: { username: string; createdAt: string } }>
    >(
      posts("type: PUBLISHED", `rawId ... on Post { author { username createdAt } media { url } }`),
    );
    expect(byEndpoint).toEqual({
      "accounts.get": 1,
      "posts.list": 1,
      "post_data.posts.lookup": 1,
    });
    const lookup = present(received.find((r) => r.path === "/2/posts"));
    // author_id and the media keys come from the list: only the expansions and their fields.
    expect(lookup.query).toEqual({
      ids: PROMOTED.join(","),
      expansions: "attachments.media_keys,author_id",
      "media.fields": "url",
      "user.fields": "created_at",
    });
    expect(lookup.scheme).toBe("bearer");
    // The author's profile is selected: the list embeds the user.
    const list = present(received.find((r) => r.path.endsWith("/posts")));
    expect(list.query.trim_user).toBeUndefined();
    expect(nodes(data)[0]?.author).toMatchObject({
      username: DEMO.user.screenName,
      createdAt: expect.stringMatching(/Z$/) as unknown,
    });
  });

  it("pages forward with first/after, edge cursors included", async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 5; page += 1) {
      const { data }: { data: AccountPosts<{ rawId: string }> } = await ok(
        `query($after: String) { account(rawId: "${A}") { posts(type: PUBLISHED, first: 3, after: $after) {
          pageInfo { hasNextPage endCursor } edges { cursor node { rawId } } } } }`,
        { after },
      );
      seen.push(...nodes(data).map((p) => p.rawId));
      if (!data.account.posts.pageInfo.hasNextPage) break;
      after = data.account.posts.pageInfo.endCursor;
    }
    expect(seen).toEqual(PROMOTED);
    // From the middle of a page.
    const { data: first } = await ok<AccountPosts<{ rawId: string }>>(
      posts("type: PUBLISHED, first: 4", "rawId"),
    );
    const cursor = first.account.posts.edges[1]?.cursor;
    const { data: rest } = await ok<AccountPosts<{ rawId: string }>>(
      `query($after: String) { account(rawId: "${A}") { posts(type: PUBLISHED, first: 2, after: $after) {
        edges { node { rawId } } } } }`,
      { after: cursor },
    );
    expect(rest.account.posts.edges.map((e) => e.node.rawId)).toEqual(PROMOTED.slice(2, 4));
  });

  it("filters by timeline, mentions and replies, name prefix and ids", async () => {
    const rawIds = async (args: string) =>
      nodes((await ok<AccountPosts<{ rawId: string }>>(posts(args, "rawId"))).data).map(
        (p) => p.rawId,
      );
    const organic = await rawIds("type: PUBLISHED, timelineType: ORGANIC");
    // The demo user's organic posts, whichever account (or none) made them.
    expect(organic.sort()).toEqual(
      [101, 102, 103].flatMap((seq) => [postId(1, seq), postId(2, seq)]).sort(),
    );
    const all = await rawIds("type: PUBLISHED, timelineType: ALL, includeMentionsAndReplies: true");
    expect(all).toContain(postId(1, 7)); // the reply
    expect(all.length).toBe(PROMOTED.length + 1 + organic.length);
    expect(await rawIds("type: PUBLISHED")).not.toContain(postId(1, 7));
    expect(await rawIds(`type: PUBLISHED, namePrefix: "Spring"`)).toEqual([postId(1, 1)]);
    expect(
      await rawIds(
        `type: PUBLISHED, ids: ["${globalId("Post", postId(1, 2))}", "${globalId("Post", postId(1, 3))}"]`,
      ),
    ).toEqual([postId(1, 3), postId(1, 2)]);
    expect(
      await rawIds(`type: PUBLISHED, userId: "${globalId("User", DEMO.user.id)}", first: 2`),
    ).toEqual(PROMOTED.slice(0, 2));
    const bad = await run(posts(`type: PUBLISHED, userId: "${globalId("User", "me")}"`, "rawId"));
    expect(bad.body.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      violations: [{ field: "userId" }],
    });
    expect(bad.received).toEqual([]);
  });

  it("lists drafts and scheduled posts with §2.7's fields", async () => {
    const draftFields = `id rawId text name nullcast cardUri mediaKeys media { mediaKey type }
      createdAt updatedAt author { rawId } ... on Draft { userId deleted account { rawId } }`;
    const { data: drafts, byEndpoint } = await ok<AccountPosts<Record<string, unknown>>>(
      posts("type: DRAFT", draftFields),
    );
    const list = nodes(drafts);
    expect(list.map((d) => d.rawId)).toEqual(DRAFTS);
    expect(list.every((d) => d.__typename === "Draft" && d.userId === DEMO.user.id)).toBe(true);
    expect(list.find((d) => d.rawId === postId(1, 201))).toMatchObject({
      name: "Summer teaser",
      text: "Summer is coming. #SummerDrop",
      nullcast: true,
      deleted: false,
      account: { rawId: A },
    });
    expect(list.find((d) => d.rawId === postId(1, 202))?.media).toEqual([
      { mediaKey: expect.stringMatching(/^3_/) as unknown, type: null },
    ]);
    const { data: every } = await ok<AccountPosts<{ rawId: string; nullcast: boolean }>>(
      posts("type: DRAFT, timelineType: ALL", "rawId nullcast"),
    );
    expect(nodes(every)).toEqual([
      { __typename: "Draft", rawId: ORGANIC_DRAFT, nullcast: false },
      ...list.map((d) => ({ __typename: "Draft", rawId: d.rawId, nullcast: true })),
    ]);
    // The account comes with the page (accounts.get primes it): no lookup, no other list.
    expect(byEndpoint).toEqual({ "accounts.get": 1, "posts.list": 1 });

    const { data: scheduled } = await ok<AccountPosts<Record<string, unknown>>>(
      posts(
        "type: SCHEDULED",
        `rawId text ... on ScheduledPost { scheduledAt scheduledStatus postId post { rawId } }`,
      ),
    );
    const later = nodes(scheduled);
    expect(later.map((s) => s.rawId)).toEqual(SCHEDULED);
    for (const post of later) {
      expect(post).toMatchObject({
        __typename: "ScheduledPost",
        scheduledStatus: "SCHEDULED",
        post: null,
      });
      expect(Date.parse(String(post.scheduledAt))).toBeGreaterThan(Date.now());
    }
  });

  it("reads drafts and scheduled posts by id together, and as nodes", async () => {
    const result = await run<{
      account: Record<string, { id: string; rawId: string; text: string } | null>;
    }>(`{ account(rawId: "${A}") {
      a: draft(id: "${globalId("Draft", DRAFTS[0] ?? "", A)}") { id rawId text }
      b: draft(id: "${globalId("Draft", ORGANIC_DRAFT, A)}") { id rawId text }
      c: scheduledPost(id: "${globalId("ScheduledPost", SCHEDULED[0] ?? "", A)}") { id rawId text }
      missing: draft(id: "${globalId("Draft", SCHEDULED[1] ?? "", A)}") { id rawId } } }`);
    expect(result.data.account.a?.rawId).toBe(DRAFTS[0]);
    // Organic, so left out of the list's default timeline: found by id all the same.
    expect(result.data.account.b?.rawId).toBe(ORGANIC_DRAFT);
    expect(result.data.account.c?.rawId).toBe(SCHEDULED[0]);
    // A scheduled post's id is no draft's: null with NOT_FOUND on its path only.
    expect(result.data.account.missing).toBeNull();
    expect(result.body.errors?.map((e) => [e.path, e.extensions?.code])).toEqual([
      [["account", "missing"], "NOT_FOUND"],
    ]);
    // Both drafts (and the missing one) in one list request, the scheduled post in another.
    expect(result.byEndpoint).toEqual({ "accounts.get": 1, "posts.list": 2 });

    const ids = [result.data.account.a?.id, result.data.account.c?.id];
    const { data: nodesData } = await ok<{ nodes: { __typename: string; rawId: string }[] }>(
      `query($ids: [ID!]!) { nodes(ids: $ids) { __typename ... on AccountPost { rawId } } }`,
      { ids },
    );
    expect(nodesData.nodes).toEqual([
      { __typename: "Draft", rawId: DRAFTS[0] },
      { __typename: "ScheduledPost", rawId: SCHEDULED[0] },
    ]);
  });

  it("previews every post of a response together, per account and type", async () => {
    const { data, byEndpoint, received } = await ok<{
      account: {
        published: Connection<{ rawId: string; preview: string }>;
        drafts: Connection<{ rawId: string; preview: string }>;
      };
    }>(`{ account(rawId: "${A}") {
      published: posts(type: PUBLISHED) { edges { node { rawId preview } } }
      drafts: posts(type: DRAFT) { edges { node { rawId preview } } } } }`);
    expect(byEndpoint).toEqual({ "accounts.get": 1, "posts.list": 2, "post_previews.list": 2 });
    const previews = received.filter((r) => r.path.endsWith("/post_previews"));
    expect(previews.map((r) => [r.query.post_type, r.query.post_ids?.split(",").length])).toEqual(
      expect.arrayContaining([
        ["PUBLISHED", PROMOTED.length],
        ["DRAFT", DRAFTS.length],
      ]),
    );
    for (const edge of [...data.account.published.edges, ...data.account.drafts.edges]) {
      expect(edge.node.preview).toMatch(/<iframe/);
    }
    // A post read by id renders through the account named; without one, the field says so.
    const byId = await run<{ posts: { a: string | null; b: string | null }[] }>(
      `{ posts(ids: ["${globalId("Post", PROMOTED[0] ?? "")}"]) { a: preview(accountId: "${globalId("Account", A)}") b: preview } }`,
    );
    expect(byId.data.posts[0]?.a).toMatch(/<iframe/);
    expect(byId.body.errors?.map((e) => [e.path, e.extensions?.code])).toEqual([
      [["posts", 0, "b"], "BAD_USER_INPUT"],
    ]);
  });

  it("reads a page's replied-to posts with one more lookup (the list names them)", async () => {
    const { data, byEndpoint, received } = await ok<
      AccountPosts<{ rawId: string; inReplyTo: { text: string } | null }>
    >(
      posts(
        "type: PUBLISHED, timelineType: ALL, includeMentionsAndReplies: true",
        "rawId ... on Post { inReplyTo { text } }",
      ),
    );
    expect(byEndpoint).toEqual({
      "accounts.get": 1,
      "posts.list": 1,
      "post_data.posts.lookup": 1,
    });
    const lookup = present(received.find((r) => r.path === "/2/posts"));
    expect(lookup.query).toEqual({ ids: FRIEND_POST });
    const reply = nodes(data).find((p) => p.rawId === postId(1, 7));
    expect(reply?.inReplyTo?.text).toMatch(/^Tried the new range/);
  });
});
