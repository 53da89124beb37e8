import type { DataPost } from "@adsgraph/models";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { treeStore } from "../../test/support/fake-post-data.js";
import { fieldParams, postGraph } from "../../test/support/post-graph.js";

// Property: for any query over `Post` (random fields and sub-fields, aliases, named and inline
// fragments, @skip/@include with literals and variables, nested references two levels deep),
// the lookups sent upstream ask exactly what the selection needs (one lookup per level of
// references, each with the union of that level's needs, never a field more), and the answer
// is the store's data for every selected field (never a field less).
//
// The oracle below is written apart from post-selection.ts: what each field needs, in the
// post-data API's words (spec §2.12, §4.9).

const { store, rootIds } = treeStore(3);
const ROOTS = rootIds;

type Scalar =
  | "id"
  | "rawId"
  | "text"
  | "createdAt"
  | "authorId"
  | "lang"
  | "conversationId"
  | "possiblySensitive"
  | "inReplyToUserId"
  | "inReplyToPostId"
  | "quotedPostId"
  | "editHistoryIds"
  | "mediaKeys"
  | "name"
  | "nullcast"
  | "cardUri"
  | "updatedAt";

const SCALARS: readonly Scalar[] = [
  "id",
  "rawId",
  "text",
  "createdAt",
  "authorId",
  "lang",
  "conversationId",
  "possiblySensitive",
  "inReplyToUserId",
  "inReplyToPostId",
  "quotedPostId",
  "editHistoryIds",
  "mediaKeys",
  "name",
  "nullcast",
  "cardUri",
  "updatedAt",
];
const USER_FIELDS = ["id", "name", "username", "createdAt"] as const;
const MEDIA_FIELDS = [
  "mediaKey",
  "type",
  "durationMs",
  "width",
  "height",
  "url",
  "previewImageUrl",
  "viewCount",
] as const;
const METRICS = ["repostCount", "replyCount", "likeCount", "quoteCount"] as const;
const ENTITY_PARTS = ["hashtags", "mentions", "urls"] as const;

type Body =
  | { kind: "scalar"; name: Scalar }
  | { kind: "user"; name: "author" | "inReplyToUser"; fields: string[] }
  | { kind: "media"; fields: string[] }
  | { kind: "metrics"; fields: string[] }
  | { kind: "entities"; parts: string[] }
  | { kind: "ref"; name: "inReplyTo" | "quotedPost"; items: Item[] }
  | { kind: "refs"; withPost: boolean; items: Item[] }
  | { kind: "history"; items: Item[] };

type Directive = "none" | "include" | "exclude";
interface Item {
  body: Body;
  alias: boolean;
  wrap: "none" | "inline" | "bare" | "interface" | "fragment";
  directive: Directive;
  /** The directive's condition through a variable rather than a literal. */
  viaVariable: boolean;
  /** `@skip` (else `@include`) for the directive. */
  skip: boolean;
}

const subset = (values: readonly string[]) =>
  fc.subarray([...values], { minLength: 1 }).map((picked) => [...picked]);

function itemArb(depth: number): fc.Arbitrary<Item> {
  const leaves: fc.Arbitrary<Body>[] = [
    fc.constantFrom(...SCALARS).map((name): Body => ({ kind: "scalar", name })),
    fc
      .record({ name: fc.constantFrom("author", "inReplyToUser"), fields: subset(USER_FIELDS) })
      .map((r): Body => ({ kind: "user", name: r.name as "author", fields: r.fields })),
    subset(MEDIA_FIELDS).map((fields): Body => ({ kind: "media", fields })),
    subset(METRICS).map((fields): Body => ({ kind: "metrics", fields })),
    subset(ENTITY_PARTS).map((parts): Body => ({ kind: "entities", parts })),
  ];
  const nested =
    depth >= 2
      ? []
      : [
          fc
            .record({
              name: fc.constantFrom("inReplyTo", "quotedPost"),
              items: itemsArb(depth + 1),
            })
            .map((r): Body => ({ kind: "ref", name: r.name as "inReplyTo", items: r.items })),
          fc
            .record({ withPost: fc.boolean(), items: itemsArb(depth + 1) })
            .map((r): Body => ({ kind: "refs", ...r })),
          // Edit history names the post itself: only from the roots (see treeStore).
          ...(depth === 0 ? [itemsArb(1).map((items): Body => ({ kind: "history", items }))] : []),
        ];
  return fc.record({
    body: fc.oneof(...leaves, ...nested),
    alias: fc.boolean(),
    wrap: fc.constantFrom("none", "none", "inline", "bare", "interface", "fragment"),
    directive: fc.constantFrom("none", "none", "none", "include", "exclude"),
    viaVariable: fc.boolean(),
    skip: fc.boolean(),
  });
}

function itemsArb(depth: number): fc.Arbitrary<Item[]> {
  return fc.array(itemArb(depth), { minLength: 1, maxLength: depth === 0 ? 5 : 3 });
}

// ---- rendering --------------------------------------------------------------------------

const INTERFACE_FIELDS = new Set([
  "id",
  "rawId",
  "text",
  "createdAt",
  "mediaKeys",
  "name",
  "nullcast",
  "cardUri",
  "updatedAt",
  "author",
  "media",
]);

const fieldName = (body: Body): string =>
  body.kind === "scalar" || body.kind === "user" || body.kind === "ref"
    ? body.name
    : body.kind === "media"
      ? "media"
      : body.kind === "metrics"
        ? "publicMetrics"
        : body.kind === "entities"
          ? "entities"
          : body.kind === "refs"
            ? "referencedPosts"
            : "editHistory";

const ENTITY_SELECTIONS: Record<string, string> = {
  hashtags: "hashtags { tag start end }",
  mentions: "mentions { username userId }",
  urls: "urls { url }",
};

interface Rendering {
  fragments: string[];
  next: number;
}

/** A selection's text, and its effective items with their response keys. */
interface Rendered {
  text: string;
  keyed: { key: string; item: Item }[];
}

function included(item: Item): boolean {
  return item.directive !== "exclude";
}

function directiveText(item: Item): string {
  if (item.directive === "none") return "";
  const keep = item.directive === "include";
  const value = item.skip ? !keep : keep;
  const condition = item.viaVariable ? (value ? "$yes" : "$no") : String(value);
  return ` @${item.skip ? "skip" : "include"}(if: ${condition})`;
}

/** The sub-selection of a leaf field (nested references are rendered by `renderOperation`). */
function renderBody(body: Body): string {
  switch (body.kind) {
    case "user":
    case "media":
    case "metrics":
      return ` { ${body.fields.join(" ")} }`;
    case "entities":
      return ` { ${body.parts.map((part) => ENTITY_SELECTIONS[part]).join(" ")} }`;
    default:
      return "";
  }
}

// ---- the oracle: what each level of the query needs -----------------------------------------

interface Needs {
  fields: Set<string>;
  expansions: Set<string>;
  media: Set<string>;
  users: Set<string>;
}

const emptyNeeds = (): Needs => ({
  fields: new Set(),
  expansions: new Set(),
  media: new Set(),
  users: new Set(),
});

const SCALAR_FIELD: Partial<Record<Scalar, string>> = {
  createdAt: "created_at",
  authorId: "author_id",
  lang: "lang",
  conversationId: "conversation_id",
  possiblySensitive: "possibly_sensitive",
  inReplyToUserId: "in_reply_to_user_id",
  inReplyToPostId: "referenced_tweets",
  quotedPostId: "referenced_tweets",
  editHistoryIds: "edit_history_post_ids",
  mediaKeys: "attachments",
};
const MEDIA_WIRE: Record<string, string | null> = {
  mediaKey: null,
  type: null,
  durationMs: "duration_ms",
  width: "width",
  height: "height",
  url: "url",
  previewImageUrl: "preview_image_url",
  viewCount: "public_metrics",
};

/** Adds the needs of `items` at `depth` to `levels[depth]`, and their references' below. */
function collectNeeds(items: readonly Item[], depth: number, levels: Needs[]): void {
  const needs = (levels[depth] ??= emptyNeeds());
  for (const item of items) {
    if (!included(item)) continue;
    const body = item.body;
    switch (body.kind) {
      case "scalar": {
        const wire = SCALAR_FIELD[body.name];
        if (wire !== undefined) needs.fields.add(wire);
        break;
      }
      case "user": {
        const join = body.name === "author" ? "author_id" : "in_reply_to_user_id";
        needs.fields.add(join);
        if (body.fields.some((f) => f !== "id")) needs.expansions.add(join);
        if (body.fields.includes("createdAt")) needs.users.add("created_at");
        break;
      }
      case "media":
        needs.fields.add("attachments");
        if (body.fields.some((f) => f !== "mediaKey"))
          needs.expansions.add("attachments.media_keys");
        for (const f of body.fields) {
          const wire = MEDIA_WIRE[f];
          if (wire) needs.media.add(wire);
        }
        break;
      case "metrics":
        needs.fields.add("public_metrics");
        break;
      case "entities":
        needs.fields.add("entities");
        break;
      case "ref":
        needs.fields.add("referenced_tweets");
        collectNeeds(body.items, depth + 1, levels);
        break;
      case "refs":
        needs.fields.add("referenced_tweets");
        if (body.withPost) collectNeeds(body.items, depth + 1, levels);
        break;
      case "history":
        needs.fields.add("edit_history_post_ids");
        collectNeeds(body.items, depth + 1, levels);
        break;
    }
  }
}

const sorted = (set: Set<string>) => [...set].sort();

function wireOf(needs: Needs): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (needs.fields.size > 0) out["post.fields"] = sorted(needs.fields);
  if (needs.expansions.size > 0) out.expansions = sorted(needs.expansions);
  // Sub-fields go only with the expansion that brings their objects.
  if (needs.media.size > 0 && needs.expansions.has("attachments.media_keys")) {
    out["media.fields"] = sorted(needs.media);
  }
  const userExpansion =
    needs.expansions.has("author_id") || needs.expansions.has("in_reply_to_user_id");
  if (needs.users.size > 0 && userExpansion) out["user.fields"] = sorted(needs.users);
  return out;
}

// ---- the oracle: the answer the store gives ----------------------------------------------------

const time = (value: string | undefined) =>
  value === undefined ? null : value.replace(/\.\d+Z$/, "Z");
const post = (id: string): DataPost => {
  const found = store.posts.get(id);
  if (found === undefined) throw new Error(`no post ${id}`);
  return found;
};
const ref = (p: DataPost, type: string) =>
  p.referenced_tweets?.find((r) => r.type === type)?.id ?? null;

function userValue(id: string | undefined, fields: readonly string[]) {
  if (id === undefined) return null;
  const user = store.users.get(id);
  const values: Record<string, unknown> = {
    id: Buffer.from(`User:${id}`).toString("base64"),
    name: user?.name ?? null,
    username: user?.username ?? null,
    createdAt: time(user?.created_at),
  };
  return Object.fromEntries(fields.map((f) => [f, values[f]]));
}

function mediaValue(key: string, fields: readonly string[]) {
  const m = store.media.get(key);
  const values: Record<string, unknown> = {
    mediaKey: key,
    type: m?.type.toUpperCase() ?? null,
    durationMs: m?.duration_ms ?? null,
    width: m?.width ?? null,
    height: m?.height ?? null,
    url: m?.url ?? null,
    previewImageUrl: m?.preview_image_url ?? null,
    viewCount: m?.public_metrics?.view_count ?? null,
  };
  return Object.fromEntries(fields.map((f) => [f, values[f]]));
}

function scalarValue(p: DataPost, name: Scalar): unknown {
  switch (name) {
    case "id":
      return Buffer.from(`Post:${p.id}`).toString("base64");
    case "rawId":
      return p.id;
    case "text":
      return p.text;
    case "createdAt":
      return time(p.created_at);
    case "authorId":
      return p.author_id ?? null;
    case "lang":
      return p.lang ?? null;
    case "conversationId":
      return p.conversation_id ?? null;
    case "possiblySensitive":
      return p.possibly_sensitive ?? null;
    case "inReplyToUserId":
      return p.in_reply_to_user_id ?? null;
    case "inReplyToPostId":
      return ref(p, "replied_to");
    case "quotedPostId":
      return ref(p, "quoted");
    case "editHistoryIds":
      return p.edit_history_post_ids ?? null;
    case "mediaKeys":
      return p.attachments?.media_keys ?? [];
    case "name":
    case "nullcast":
    case "cardUri":
    case "updatedAt":
      return null;
  }
}

function entitiesValue(p: DataPost, parts: readonly string[]) {
  const e = p.entities ?? {};
  const values: Record<string, unknown> = {
    hashtags: (e.hashtags ?? []).map((h) => ({ tag: h.tag, start: h.start, end: h.end })),
    mentions: (e.mentions ?? []).map((m) => ({ username: m.username, userId: m.id ?? null })),
    urls: (e.urls ?? []).map((u) => ({ url: u.url })),
  };
  return Object.fromEntries(parts.map((part) => [part, values[part]]));
}

/** The expected answer of one selection, keys as `renderItems` gave them. */
function answerOf(p: DataPost, keyed: readonly { key: string; item: Item }[], keys: KeyMap) {
  const out: Record<string, unknown> = {};
  for (const { key, item } of keyed) out[key] = valueOf(p, item, keys);
  return out;
}

/** The keyed items of every nested selection, recorded while rendering (by body identity). */
type KeyMap = Map<Body, { key: string; item: Item }[]>;

function valueOf(p: DataPost, item: Item, keys: KeyMap): unknown {
  const body = item.body;
  switch (body.kind) {
    case "scalar":
      return scalarValue(p, body.name);
    case "user":
      return userValue(body.name === "author" ? p.author_id : p.in_reply_to_user_id, body.fields);
    case "media":
      return (p.attachments?.media_keys ?? []).map((key) => mediaValue(key, body.fields));
    case "metrics": {
      const m = p.public_metrics;
      const values: Record<string, unknown> = {
        repostCount: m?.repost_count,
        replyCount: m?.reply_count,
        likeCount: m?.like_count,
        quoteCount: m?.quote_count,
      };
      return Object.fromEntries(body.fields.map((f) => [f, values[f]]));
    }
    case "entities":
      return entitiesValue(p, body.parts);
    case "ref": {
      const id = ref(p, body.name === "inReplyTo" ? "replied_to" : "quoted");
      return id === null ? null : answerOf(post(id), keys.get(body) ?? [], keys);
    }
    case "refs":
      return (p.referenced_tweets ?? []).map((r) => ({
        type: r.type.toUpperCase(),
        postId: r.id,
        ...(body.withPost && { post: answerOf(post(r.id), keys.get(body) ?? [], keys) }),
      }));
    case "history":
      return (p.edit_history_post_ids ?? []).map((id) =>
        answerOf(post(id), keys.get(body) ?? [], keys),
      );
  }
}

/** Renders a whole operation and records each nested selection's keyed items. */
function renderOperation(items: readonly Item[], root: "posts" | "nodes") {
  const state: Rendering = { fragments: [], next: 0 };
  const keys: KeyMap = new Map();
  // Renders a selection set, recording each nested selection's effective items and keys.
  const renderKeyed = (list: readonly Item[]): Rendered => {
    const used = new Set<string>();
    const keyed: { key: string; item: Item }[] = [];
    const parts = list.map((item) => {
      const name = fieldName(item.body);
      let key = name;
      if (item.alias || used.has(name)) {
        state.next += 1;
        key = `a${state.next}`;
      }
      used.add(key);
      const body = item.body;
      let sub: string;
      if (body.kind === "ref" || body.kind === "history") {
        const inner = renderKeyed(body.items);
        keys.set(body, inner.keyed);
        sub = ` { ${inner.text} }`;
      } else if (body.kind === "refs") {
        if (body.withPost) {
          const inner = renderKeyed(body.items);
          keys.set(body, inner.keyed);
          sub = ` { type postId post { ${inner.text} } }`;
        } else sub = " { type postId }";
      } else sub = renderBody(body);
      if (included(item)) keyed.push({ key, item });
      const directive = directiveText(item);
      const head = `${key === name ? "" : `${key}: `}${name}`;
      const field = `${head}${sub}`;
      switch (item.wrap) {
        case "none":
          return `${head}${directive}${sub}`;
        case "inline":
          return `... on Post${directive} { ${field} }`;
        case "bare":
          return `...${directive} { ${field} }`;
        case "interface":
          return INTERFACE_FIELDS.has(name)
            ? `... on AccountPost${directive} { ${field} }`
            : `... on Node${directive} { ... on Post { ${field} } }`;
        case "fragment": {
          state.next += 1;
          const fragment = `F${state.next}`;
          state.fragments.push(`fragment ${fragment} on Post { ${field} }`);
          return `...${fragment}${directive}`;
        }
      }
    });
    return { text: parts.join(" "), keyed };
  };
  const top = renderKeyed(items);
  const selection =
    root === "posts"
      ? `posts(rawIds: $ids) { ${top.text} }`
      : `nodes(ids: $globalIds) { ... on Post { ${top.text} } ... on Draft { userId author { name } } }`;
  const body = `${selection} ${state.fragments.join(" ")}`;
  const variables = [
    root === "posts" ? "$ids: [String!]!" : "$globalIds: [ID!]!",
    ...(body.includes("$yes") ? ["$yes: Boolean!"] : []),
    ...(body.includes("$no") ? ["$no: Boolean!"] : []),
  ];
  const text = `query Q(${variables.join(", ")}) { ${selection} } ${state.fragments.join(" ")}`;
  return { text, top: top.keyed, keys };
}

describe("property: the lookups ask exactly what a random selection over Post needs", () => {
  it("for posts(ids) and nodes(ids), with fragments, aliases, directives and nested references", async () => {
    await fc.assert(
      fc.asyncProperty(itemsArb(0), fc.constantFrom("posts", "nodes"), async (items, root) => {
        const { text, top, keys } = renderOperation(items, root);
        const { run, calls } = postGraph(store);
        const result = await run(text, {
          ids: ROOTS,
          globalIds: ROOTS.map((id) => Buffer.from(`Post:${id}`).toString("base64")),
          yes: true,
          no: false,
        });
        expect(result.errors, `${text}\n${JSON.stringify(result.errors)}`).toBeUndefined();

        // Never less: every selected field answers the store's data.
        const expected = ROOTS.map((id) => answerOf(post(id), top, keys));
        const answered = (result.data as Record<string, unknown>)[root] as unknown[];
        expect(answered, text).toEqual(expected);

        // Never more, and exactly: one lookup per level, each with that level's needs.
        const levels: Needs[] = [];
        collectNeeds(items, 0, levels);
        expect(calls.map((c) => c.endpointId).every((id) => id === "post_data.posts.lookup")).toBe(
          true,
        );
        expect(calls.map(fieldParams), text).toEqual(levels.map(wireOf));
        expect(calls[0]?.params.ids, text).toEqual(ROOTS);
      }),
      { numRuns: 300 },
    );
  });
});
