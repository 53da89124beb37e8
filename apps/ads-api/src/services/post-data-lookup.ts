import type {
  DataLookupError,
  DataMedia,
  DataPost,
  DataPostGet,
  DataPostsLookup,
  DataUser,
  MediaField,
  PostExpansion,
  PostField,
  UserField,
} from "@adsgraph/models";
import type { Db } from "../db/database.js";
import type { Post } from "../generated/prisma/client.js";
import { EXPANDED_FIELD, presentMedia, presentPost, presentUser } from "./post-data-present.js";
import type { PostFacts } from "./post-data-present.js";
import { editHistoryOf, publishDuePosts } from "./post-store.js";
import { viewCountOf } from "./post-metrics.js";

/**
 * GET /2/posts (spec §4.9, §2.12) and GET /2/posts/:id (beyond the spec, the vendor's
 * GET /2/tweets/:id): posts by id with the fields and related objects asked for. Only published
 * posts are public: drafts and scheduled posts are not (a scheduled post once its time has come
 * is published first). Promoted-only (`nullcast`) posts are readable by id, as on the real
 * platform, where they are public but off the author's timeline.
 */
export interface PostSelection {
  readonly "post.fields"?: readonly PostField[] | undefined;
  readonly expansions?: readonly PostExpansion[] | undefined;
  readonly "media.fields"?: readonly MediaField[] | undefined;
  readonly "user.fields"?: readonly UserField[] | undefined;
}

export interface LookupRequest extends PostSelection {
  readonly ids: readonly string[];
}

/**
 * The problem type of an id that names no readable post. The vendor points at its own host;
 * this service names a `.invalid` host (RFC 2606: never resolves), so nothing suggests a
 * document exists there.
 */
export const RESOURCE_NOT_FOUND_TYPE = "https://ads-api.invalid/2/problems/resource-not-found";

/** Published posts among `ids`, by id (one query). */
export async function readablePosts(db: Db, ids: readonly string[]): Promise<Map<string, Post>> {
  if (ids.length === 0) return new Map();
  const rows = await db.post.findMany({
    where: { id: { in: [...new Set(ids)] }, postType: "PUBLISHED" },
  });
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The vendor's per-id failure item in this service's words (apps/ads-api/README.md "Where the
 * spec is silent"), naming the parameter that carried the id (`ids`, or the path's `id`).
 */
function notFound(id: string, parameter: "ids" | "id"): DataLookupError {
  return {
    value: id,
    detail: `Could not find post with ${parameter}: [${id}].`,
    title: "Not Found Error",
    resource_type: "post",
    parameter,
    resource_id: id,
    type: RESOURCE_NOT_FOUND_TYPE,
  };
}

function uniqueInOrder<T>(values: Iterable<T | null | undefined>): T[] {
  const seen = new Set<T>();
  for (const value of values) if (value !== null && value !== undefined) seen.add(value);
  return [...seen];
}

export async function lookupPosts(
  db: Db,
  now: Date,
  request: LookupRequest,
): Promise<DataPostsLookup> {
  await publishDuePosts(db, now);
  const ids = uniqueInOrder(request.ids);
  const readable = await readablePosts(db, ids);
  const found = ids.flatMap((id) => readable.get(id) ?? []);
  const errors = ids.filter((id) => !readable.has(id)).map((id) => notFound(id, "ids"));
  const { data, includes } = await presentPosts(db, now, found, readable, request);
  // v2 convention: `data` only when something was found, `errors` only when something was not.
  return {
    ...(data.length > 0 && { data }),
    ...(includes !== undefined && { includes }),
    ...(errors.length > 0 && { errors }),
  };
}

/**
 * One post: `data` is the post itself. A post that cannot be read answers 200 with one item of
 * `errors` and no `data`, as the vendor's GET /2/tweets/:id does for a missing or deleted one.
 */
export async function getPost(
  db: Db,
  now: Date,
  request: PostSelection & { readonly id: string },
): Promise<DataPostGet> {
  await publishDuePosts(db, now);
  const readable = await readablePosts(db, [request.id]);
  const post = readable.get(request.id);
  if (post === undefined) return { errors: [notFound(request.id, "id")] };
  const { data, includes } = await presentPosts(db, now, [post], readable, request);
  return { data: data[0], ...(includes !== undefined && { includes }) };
}

/**
 * The found posts as the selection asks, and the objects their expansions bring (`includes`
 * left out when they bring none). `readable` holds the posts already read, so a referenced one
 * among them is not read again.
 */
async function presentPosts(
  db: Db,
  now: Date,
  found: readonly Post[],
  readable: ReadonlyMap<string, Post>,
  request: PostSelection,
): Promise<{ data: DataPost[]; includes: DataPostsLookup["includes"] }> {
  const expansions = new Set(request.expansions);
  const asked = new Set(request["post.fields"]);
  const dataFields = new Set([...asked, ...[...expansions].map((name) => EXPANDED_FIELD[name])]);

  // Referenced posts (replied to, quoted): readable ones only, each once.
  const referenced = expansions.has("referenced_tweets.id")
    ? await referencedPosts(db, found, readable)
    : [];
  const facts: PostFacts = {
    now,
    editHistory: dataFields.has("edit_history_post_ids")
      ? await editHistoryOf(
          db,
          [...found, ...referenced].map((post) => post.editRootId),
        )
      : new Map(),
  };

  const media = expansions.has("attachments.media_keys")
    ? await includedMedia(db, found, new Set(request["media.fields"]), now)
    : [];
  const users = await includedUsers(db, found, expansions, new Set(request["user.fields"]));
  const posts = referenced.map((post) => presentPost(post, asked, facts));
  const includes = {
    ...(media.length > 0 && { media }),
    ...(users.length > 0 && { users }),
    ...(posts.length > 0 && { posts }),
  };
  const data = found.map((post) => presentPost(post, dataFields, facts));
  return { data, includes: Object.keys(includes).length > 0 ? includes : undefined };
}

/** The readable posts that `posts` reply to or quote, in the order they are first named. */
async function referencedPosts(
  db: Db,
  posts: readonly Post[],
  known: ReadonlyMap<string, Post>,
): Promise<Post[]> {
  const ids = uniqueInOrder(posts.flatMap((post) => [post.inReplyToPostId, post.quotedPostId]));
  const more = await readablePosts(
    db,
    ids.filter((id) => !known.has(id)),
  );
  return ids.flatMap((id) => known.get(id) ?? more.get(id) ?? []);
}

/** `includes.media`: every medium of the posts, once, in the order first carried. */
async function includedMedia(
  db: Db,
  posts: readonly Post[],
  fields: ReadonlySet<MediaField>,
  now: Date,
): Promise<DataMedia[]> {
  const keys = uniqueInOrder(posts.flatMap((post) => post.mediaKeys));
  if (keys.length === 0) return [];
  // A medium deleted from the library after it was posted is still what the post shows.
  const rows = await db.mediaLibraryObject.findMany({ where: { mediaKey: { in: keys } } });
  const byKey = new Map(rows.map((row) => [row.mediaKey, row]));
  return keys.flatMap((key) => {
    const row = byKey.get(key);
    if (row === undefined) return [];
    const views =
      fields.has("public_metrics") && row.mediaType === "VIDEO"
        ? viewCountOf(row.mediaKey, row.createdAt, now)
        : undefined;
    return [presentMedia(row, fields, views)];
  });
}

/** `includes.users`: authors and replied-to users of the posts, once each, as first named. */
async function includedUsers(
  db: Db,
  posts: readonly Post[],
  expansions: ReadonlySet<PostExpansion>,
  fields: ReadonlySet<UserField>,
): Promise<DataUser[]> {
  const ids = uniqueInOrder(
    posts.flatMap((post) => [
      expansions.has("author_id") ? post.authorId : null,
      expansions.has("in_reply_to_user_id") ? post.inReplyToUserId : null,
    ]),
  );
  if (ids.length === 0) return [];
  const rows = await db.user.findMany({
    where: { id: { in: ids } },
    select: { id: true, screenName: true, createdAt: true },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const user = byId.get(id);
    return user === undefined ? [] : [presentUser(user, fields)];
  });
}
