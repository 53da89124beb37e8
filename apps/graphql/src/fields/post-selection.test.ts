import { Kind, parse } from "graphql";
import type { FragmentDefinitionNode, OperationDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { treeStore } from "../../test/support/fake-post-data.js";
import { lookupParams } from "../loaders/post-needs.js";
import { fieldParams, postGraph } from "../../test/support/post-graph.js";
import { postNeeds } from "./post-selection.js";
import type { SelectionScope } from "./post-selection.js";

/** The lookup parameters the selection of the document's first root field needs. */
function paramsOf(document: string, variableValues: Record<string, unknown> = {}) {
  const parsed = parse(document);
  const operation = parsed.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const fragments = Object.fromEntries(
    parsed.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  const root = operation?.selectionSet.selections[0];
  if (root?.kind !== Kind.FIELD) throw new Error("no root field");
  const scope: SelectionScope = {
    fragments,
    variableValues,
    onPost: (type) => ["Post", "AccountPost", "Node"].includes(type),
  };
  return lookupParams(postNeeds([root.selectionSet], scope));
}

describe("selection → post-data parameters (pure)", () => {
  it("asks nothing for id, rawId, text, __typename and the advertising fields", () => {
    expect(
      paramsOf(`{ posts { id rawId text __typename name nullcast cardUri preview } }`),
    ).toEqual({});
  });

  it("asks author_id alone for author { id }, and the expansion for its profile", () => {
    expect(paramsOf(`{ posts { author { id } } }`)).toEqual({ "post.fields": ["author_id"] });
    expect(paramsOf(`{ posts { author { username } } }`)).toEqual({
      "post.fields": ["author_id"],
      expansions: ["author_id"],
    });
    expect(paramsOf(`{ posts { author { createdAt } inReplyToUser { name } } }`)).toEqual({
      "post.fields": ["author_id", "in_reply_to_user_id"],
      expansions: ["author_id", "in_reply_to_user_id"],
      "user.fields": ["created_at"],
    });
  });

  it("asks attachments alone for media keys, and the expansion with exactly its media fields", () => {
    expect(paramsOf(`{ posts { media { mediaKey } mediaKeys } }`)).toEqual({
      "post.fields": ["attachments"],
    });
    expect(paramsOf(`{ posts { media { type } } }`)).toEqual({
      "post.fields": ["attachments"],
      expansions: ["attachments.media_keys"],
    });
    expect(paramsOf(`{ posts { media { url durationMs viewCount previewImageUrl } } }`)).toEqual({
      "post.fields": ["attachments"],
      expansions: ["attachments.media_keys"],
      "media.fields": ["duration_ms", "preview_image_url", "public_metrics", "url"],
    });
  });

  it("asks only the link of referenced posts (their own selection is their own lookup)", () => {
    expect(
      paramsOf(
        `{ posts { inReplyTo { author { createdAt } } quotedPost { lang } editHistory { id } } }`,
      ),
    ).toEqual({ "post.fields": ["edit_history_post_ids", "referenced_tweets"] });
  });

  it("follows fragments and inline fragments on Post and its interfaces, not on other types", () => {
    const document = `
      query { node { id ...P ... on AccountPost { createdAt } ... on Draft { userId }
        ... on ScheduledPost { scheduledAt } ... { ... on Post { lang } } } }
      fragment P on Post { publicMetrics { likeCount } ...Q }
      fragment Q on Node { ... on Post { conversationId } }
      fragment D on Draft { author { name } }`;
    expect(paramsOf(document)).toEqual({
      "post.fields": ["conversation_id", "created_at", "lang", "public_metrics"],
    });
  });

  it("unites aliases of one field with different selections", () => {
    expect(
      paramsOf(`{ posts { a: author { id } b: author { createdAt } m: media { width } } }`),
    ).toEqual({
      "post.fields": ["attachments", "author_id"],
      expansions: ["attachments.media_keys", "author_id"],
      "media.fields": ["width"],
      "user.fields": ["created_at"],
    });
  });

  it("leaves out what @skip and @include drop, with literal and variable conditions", () => {
    const document = `query($on: Boolean!, $off: Boolean!) { posts {
      lang @include(if: $on) entities @include(if: $off) possiblySensitive @skip(if: true)
      author { username @skip(if: $on) id } ... on Post @include(if: $off) { createdAt } } }`;
    expect(paramsOf(document, { on: true, off: false })).toEqual({
      "post.fields": ["author_id", "lang"],
    });
    expect(paramsOf(document, { on: false, off: true })).toEqual({
      "post.fields": ["author_id", "created_at", "entities"],
      expansions: ["author_id"],
    });
  });
});

describe("posts through the schema over a scripted post-data API", () => {
  const { store, rootIds } = treeStore(4);

  it("sends no field list for text alone, and answers unknown ids with null and NOT_FOUND", async () => {
    const { run, calls } = postGraph(store);
    const result = await run(`query($ids: [String!]!) { posts(rawIds: $ids) { id rawId text } }`, {
      ids: [...rootIds, "7"],
    });
    expect(calls.map(fieldParams)).toEqual([{}]);
    expect(calls[0]?.params.ids).toEqual([...rootIds, "7"]);
    const posts = (result.data as { posts: ({ text: string } | null)[] }).posts;
    expect(posts.slice(0, 4).map((p) => p?.text)).toEqual(
      rootIds.map((id) => store.posts.get(id)?.text),
    );
    expect(posts[4]).toBeNull();
    expect(result.errors?.map((e) => e.path)).toEqual([["posts", 4]]);
    expect(result.errors?.[0]?.message).toMatch(/No post has the id 7/);
  });

  it("reads nodes(ids) of posts in one lookup; a missing one is null with NOT_FOUND alone", async () => {
    const { run, calls } = postGraph(store);
    const gid = (id: string) => Buffer.from(`Post:${id}`).toString("base64");
    const result = await run(
      `query($ids: [ID!]!) { nodes(ids: $ids) { id ... on Post { lang } } }`,
      { ids: [gid(rootIds[0] ?? ""), gid("12345"), gid(rootIds[1] ?? "")] },
    );
    const nodes = (result.data as { nodes: ({ lang: string } | null)[] }).nodes;
    expect(nodes.map((n) => n?.lang ?? null)).toEqual([
      store.posts.get(rootIds[0] ?? "")?.lang,
      null,
      store.posts.get(rootIds[1] ?? "")?.lang,
    ]);
    expect(result.errors?.map((e) => e.path)).toEqual([["nodes", 1]]);
    expect(calls.map(fieldParams)).toEqual([{ "post.fields": ["lang"] }]);
  });

  it("costs one lookup for aliases with different selections (the union)", async () => {
    const { run, calls } = postGraph(store);
    const result = await run(
      `query($ids: [String!]!) { a: posts(rawIds: $ids) { author { username } }
        b: posts(rawIds: $ids) { media { url } createdAt } }`,
      { ids: rootIds },
    );
    expect(result.errors).toBeUndefined();
    expect(calls.map(fieldParams)).toEqual([
      {
        "post.fields": ["attachments", "author_id", "created_at"],
        expansions: ["attachments.media_keys", "author_id"],
        "media.fields": ["url"],
      },
    ]);
  });

  it("splits 250 ids into three lookups of ≤100", async () => {
    const { run, calls } = postGraph(store);
    const ids = Array.from({ length: 250 }, (_, n) => String(10_000 + n));
    await run(`query($ids: [String!]!) { posts(rawIds: $ids) { lang } }`, { ids });
    expect(calls.map((c) => (c.params.ids as string[]).length)).toEqual([100, 100, 50]);
    expect(calls.map(fieldParams)).toEqual(Array(3).fill({ "post.fields": ["lang"] }));
  });

  it("reads a page's referenced posts in one more lookup per level, with their own selection", async () => {
    const { run, calls } = postGraph(store);
    const result = await run(
      `query($ids: [String!]!) { posts(rawIds: $ids) { text inReplyTo { author { name } inReplyTo { lang } }
        referencedPosts { type post { text } } } }`,
      { ids: rootIds },
    );
    expect(result.errors).toBeUndefined();
    expect(calls.map(fieldParams)).toEqual([
      { "post.fields": ["referenced_tweets"] },
      { "post.fields": ["author_id", "referenced_tweets"], expansions: ["author_id"] },
      { "post.fields": ["lang"] },
    ]);
    // The second lookup: every root post's reply target and quoted post, once each.
    expect((calls[1]?.params.ids as string[]).length).toBe(8);
  });

  it("asks nothing again of a post the request holds with what is needed", async () => {
    const { run, calls } = postGraph(store);
    const result = await run(
      `query($ids: [String!]!) { posts(rawIds: $ids) { createdAt editHistory { createdAt } } }`,
      { ids: rootIds },
    );
    expect(result.errors).toBeUndefined();
    // Each root post's history is itself (held with created_at) and its newer version.
    const newer = rootIds.map((id) => store.posts.get(id)?.edit_history_post_ids?.[1]);
    expect(calls.map((c) => [c.params.ids, fieldParams(c)])).toEqual([
      [rootIds, { "post.fields": ["created_at", "edit_history_post_ids"] }],
      [newer, { "post.fields": ["created_at"] }],
    ]);
  });
});

describe("published posts from the advertising list", () => {
  const { store, rootIds } = treeStore(2);
  const listed = rootIds.map((id, n) => {
    const post = store.posts.get(id);
    return {
      id,
      post_type: "PUBLISHED",
      text: post?.text,
      created_at: "Tue Aug 27 22:22:12 +0000 2019",
      name: `name ${n}`,
      nullcast: true,
      media_keys: post?.attachments?.media_keys ?? [],
      user_id: post?.author_id,
      user: { id: post?.author_id },
      favorite_count: 1,
      repost_count: 2,
      reply_count: 3,
      quote_count: 4,
      in_reply_to_post_id: null,
    };
  });
  const account = {
    id: "acc1",
    name: "Account",
    timezone: "UTC",
    timezone_switch_at: null,
    approval_status: "ACCEPTED",
    created_at: "2026-01-01T00:00:00Z",
    updated_at: "2026-01-01T00:00:00Z",
    deleted: false,
  };
  const ads = (call: { endpointId: string; params: Readonly<Record<string, unknown>> }) => {
    if (call.endpointId === "accounts.get") return { data: account };
    if (call.endpointId === "posts.list") return { data: listed, next_cursor: null };
    throw new Error(call.endpointId);
  };
  const page = (selection: string) =>
    `{ account(rawId: "acc1") { posts(type: PUBLISHED, first: 10) { edges { node { ... on Post { ${selection} } } } } } }`;

  it("cost nothing more for what the list answers", async () => {
    const { run, calls } = postGraph(store, ads);
    const result = await run(
      page(`rawId text name nullcast createdAt authorId author { id } mediaKeys
        media { mediaKey } publicMetrics { likeCount quoteCount } inReplyToPostId inReplyTo { id }`),
    );
    expect(result.errors).toBeUndefined();
    expect(calls.map((c) => c.endpointId)).toEqual(["accounts.get", "posts.list"]);
    // No author profile selected: the list may leave the embedded user out.
    expect(calls[1]?.params).toMatchObject({ post_type: "PUBLISHED", count: 10, trim_user: true });
    const nodes = (
      result.data as { account: { posts: { edges: { node: Record<string, unknown> }[] } } }
    ).account.posts.edges.map((e) => e.node);
    expect(nodes[0]).toMatchObject({
      name: "name 0",
      nullcast: true,
      createdAt: "2019-08-27T22:22:12Z",
      publicMetrics: { likeCount: 1, quoteCount: 4 },
      inReplyToPostId: null,
      inReplyTo: null,
    });
  });

  it("read the rest for the whole page in one lookup asking exactly what is missing", async () => {
    const { run, calls } = postGraph(store, ads);
    const result = await run(
      page(
        `text author { username createdAt } media { url } lang createdAt publicMetrics { likeCount }`,
      ),
    );
    expect(result.errors).toBeUndefined();
    expect(calls.map((c) => c.endpointId)).toEqual([
      "accounts.get",
      "posts.list",
      "post_data.posts.lookup",
    ]);
    // author_id and attachments are known from the list: only the expansions and fields.
    expect(fieldParams(calls[2] ?? { endpointId: "posts.list", params: {} })).toEqual({
      "post.fields": ["lang"],
      expansions: ["attachments.media_keys", "author_id"],
      "media.fields": ["url"],
      "user.fields": ["created_at"],
    });
    expect(calls[2]?.params.ids).toEqual(rootIds);
  });
});
