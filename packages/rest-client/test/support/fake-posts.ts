import { splitCommaList } from "@adsgraph/models";
import type {
  DataLookupError,
  DataMedia,
  DataPost,
  DataPostsLookup,
  DataUser,
} from "@adsgraph/models";
import { json } from "./scripted-server.js";
import type { Handler, RecordedRequest, Reply } from "./scripted-server.js";

/** What the fake post-data API holds: full objects, every field present where it applies. */
export interface PostStore {
  readonly posts: readonly DataPost[];
  readonly users: readonly DataUser[];
  readonly media: readonly DataMedia[];
}

/** One GET /2/posts, by wire name: each list as sent (absent: empty). */
export interface LookupQuery {
  readonly ids: readonly string[];
  readonly "post.fields": readonly string[];
  readonly expansions: readonly string[];
  readonly "media.fields": readonly string[];
  readonly "user.fields": readonly string[];
}

/** Keeps the default fields and the asked ones. */
function pick<T extends object>(item: T, defaults: readonly string[], asked: readonly string[]): T {
  return Object.fromEntries(
    Object.entries(item).filter(([name]) => defaults.includes(name) || asked.includes(name)),
  ) as T;
}

function notFound(id: string): DataLookupError {
  return {
    value: id,
    detail: `Could not find post with ids: [${id}].`,
    title: "Not Found Error",
    resource_type: "post",
    parameter: "ids",
    resource_id: id,
    type: "https://api.example.com/2/problems/resource-not-found",
  };
}

/**
 * The v2 lookup semantics as the brief of issue 16 states them, enough for this package's
 * tests: `id` and `text` by default plus each asked post field; related objects under
 * `includes` only when expanded (media of `attachments.media_keys` with `media_key` and `type`,
 * users of `author_id`/`in_reply_to_user_id` with `id`, `name`, `username`, referenced posts),
 * once per answer; unknown ids as `errors` items.
 */
export function answerLookup(store: PostStore, query: LookupQuery): DataPostsLookup {
  const postsById = new Map(store.posts.map((post) => [post.id, post]));
  const found = query.ids.flatMap((id) => postsById.get(id) ?? []);
  const postOf = (post: DataPost) => pick(post, ["id", "text"], query["post.fields"]);
  const expanded = (name: string) => query.expansions.includes(name);

  const mediaKeys = new Set(
    expanded("attachments.media_keys")
      ? found.flatMap((post) => post.attachments?.media_keys ?? [])
      : [],
  );
  const userIds = new Set(
    found.flatMap((post) => [
      ...(expanded("author_id") && post.author_id !== undefined ? [post.author_id] : []),
      ...(expanded("in_reply_to_user_id") && post.in_reply_to_user_id !== undefined
        ? [post.in_reply_to_user_id]
        : []),
    ]),
  );
  const referenced = new Set(
    expanded("referenced_tweets.id")
      ? found.flatMap((post) => (post.referenced_tweets ?? []).map((ref) => ref.id))
      : [],
  );

  const includes: NonNullable<DataPostsLookup["includes"]> = {};
  const media = store.media
    .filter((item) => mediaKeys.has(item.media_key))
    .map((item) => pick(item, ["media_key", "type"], query["media.fields"]));
  const users = store.users
    .filter((user) => userIds.has(user.id))
    .map((user) => pick(user, ["id", "name", "username"], query["user.fields"]));
  const posts = store.posts.filter((post) => referenced.has(post.id)).map(postOf);
  if (media.length > 0) includes.media = media;
  if (users.length > 0) includes.users = users;
  if (posts.length > 0) includes.posts = posts;

  const errors = query.ids.filter((id) => !postsById.has(id)).map(notFound);
  return {
    ...(found.length > 0 ? { data: found.map(postOf) } : {}),
    ...(Object.keys(includes).length > 0 ? { includes } : {}),
    ...(errors.length > 0 ? { errors } : {}),
  };
}

/** The query of a recorded GET /2/posts. */
export function lookupQueryOf(request: RecordedRequest): LookupQuery {
  const list = (name: string) => splitCommaList(request.query.get(name) ?? "");
  return {
    ids: list("ids"),
    "post.fields": list("post.fields"),
    expansions: list("expansions"),
    "media.fields": list("media.fields"),
    "user.fields": list("user.fields"),
  };
}

/** GET /2/posts over a store; more than 100 ids is a 400, as the catalog says. */
export function fakePostData(store: PostStore): Handler {
  return (request: RecordedRequest): Reply => {
    const query = lookupQueryOf(request);
    if (query.ids.length > 100) {
      return json(400, {
        errors: [{ code: "TOO_MANY_IDS", message: "at most 100", parameter: "ids" }],
      });
    }
    return json(200, answerLookup(store, query));
  };
}

const T = "2025-01-01T00:00:00Z";

/** A post id: digits, as spec §2.1 says. */
export const postId = (n: number): string => String(1_500_000_000_000_000_000n + BigInt(n));

/**
 * `count` posts by three authors; every tenth post has the shared photo `3_1` and every
 * seventh quotes post 0 (so chunks share includes).
 */
export function postStore(count: number): PostStore {
  const users: DataUser[] = [1, 2, 3].map((n) => ({
    id: String(100 + n),
    name: `User ${n}`,
    username: `user${n}`,
    created_at: T,
  }));
  const media: DataMedia[] = [
    {
      media_key: "3_1",
      type: "photo",
      url: "https://pbs.example.com/3_1.jpg",
      width: 1,
      height: 1,
    },
    { media_key: "7_2", type: "video", duration_ms: 1000, width: 1, height: 1 },
  ];
  const posts: DataPost[] = Array.from({ length: count }, (_, n) => ({
    id: postId(n),
    text: `post ${n}`,
    author_id: String(101 + (n % 3)),
    created_at: T,
    conversation_id: postId(n),
    lang: "en",
    possibly_sensitive: false,
    edit_history_post_ids: [postId(n)],
    public_metrics: { repost_count: n, reply_count: 0, like_count: 1, quote_count: 0 },
    ...(n % 10 === 0 ? { attachments: { media_keys: ["3_1"] } } : {}),
    ...(n % 7 === 6 ? { referenced_tweets: [{ type: "quoted", id: postId(0) }] } : {}),
  }));
  return { posts, users, media };
}
