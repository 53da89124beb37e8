import type { DataMedia, DataPost, DataUser } from "@adsgraph/models";
import type { ScriptedCall } from "./scripted-client.js";

/**
 * For tests: the post-data API's lookup (spec §4.9 GET /2/posts) over a store, as ads-api
 * answers it: a post is `id` and `text` unless `post.fields` names more (each name adds that
 * field, where the post has it); expansions add `includes` (users with `id`, `name`,
 * `username` plus `user.fields`; media with `media_key`, `type` plus `media.fields`), never the
 * joined field to `data`; unknown ids are `errors` items.
 */
export interface PostStore {
  readonly posts: ReadonlyMap<string, DataPost>;
  readonly users: ReadonlyMap<string, DataUser>;
  readonly media: ReadonlyMap<string, DataMedia>;
}

const listOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

function pick<T extends object>(item: T, names: readonly string[]): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const value = (item as Record<string, unknown>)[name];
    if (value !== undefined) out[name] = value;
  }
  return out as Partial<T>;
}

export function answerLookup(store: PostStore, params: ScriptedCall["params"]): unknown {
  const ids = listOf(params.ids);
  const fields = listOf(params["post.fields"]);
  const expansions = listOf(params.expansions);
  const mediaFields = listOf(params["media.fields"]);
  const userFields = listOf(params["user.fields"]);
  const found = ids.flatMap((id) => {
    const post = store.posts.get(id);
    return post === undefined ? [] : [post];
  });
  const data = found.map((post) => ({ id: post.id, text: post.text, ...pick(post, fields) }));
  const users = new Map<string, DataUser>();
  const media = new Map<string, DataMedia>();
  for (const post of found) {
    for (const expansion of ["author_id", "in_reply_to_user_id"] as const) {
      const userId = post[expansion];
      const user = userId === undefined ? undefined : store.users.get(userId);
      if (expansions.includes(expansion) && user !== undefined) {
        users.set(user.id, {
          id: user.id,
          ...pick(user, ["name", "username"]),
          ...pick(user, userFields),
        });
      }
    }
    if (expansions.includes("attachments.media_keys")) {
      for (const key of post.attachments?.media_keys ?? []) {
        const item = store.media.get(key);
        if (item !== undefined) {
          media.set(key, { media_key: key, type: item.type, ...pick(item, mediaFields) });
        }
      }
    }
  }
  const includes = {
    ...(users.size > 0 && { users: [...users.values()] }),
    ...(media.size > 0 && { media: [...media.values()] }),
  };
  const missing = ids.filter((id) => !store.posts.has(id));
  return {
    ...(data.length > 0 && { data }),
    ...(Object.keys(includes).length > 0 && { includes }),
    ...(missing.length > 0 && {
      errors: missing.map((id) => ({
        value: id,
        detail: `Could not find post with ids: [${id}].`,
        title: "Not Found Error",
        resource_type: "post",
        parameter: "ids",
        resource_id: id,
        type: "https://api.example.com/2/problems/resource-not-found",
      })),
    }),
  };
}

const digits = (prefix: number, n: number) => `${prefix}${String(n).padStart(18, "0")}`;

/**
 * A store of posts three levels deep: each root post (and each post it references) replies to
 * a post, quotes another and was edited once (its newer version), all of them distinct, so
 * every level's references name posts no shallower level read. The deepest posts reference
 * nothing. Users and media are shared; some posts have no media.
 */
export function treeStore(roots = 4): { store: PostStore; rootIds: string[] } {
  const users = new Map<string, DataUser>();
  for (let n = 1; n <= 5; n += 1) {
    const id = digits(1, n);
    users.set(id, {
      id,
      name: `User ${n}`,
      username: `user${n}`,
      created_at: `2020-0${n}-01T00:00:00.000Z`,
    });
  }
  const media = new Map<string, DataMedia>();
  for (let n = 1; n <= 4; n += 1) {
    const key = `3_${digits(3, n)}`;
    media.set(key, {
      media_key: key,
      type: n % 2 === 0 ? "video" : "photo",
      width: 100 * n,
      height: 50 * n,
      ...(n % 2 === 0
        ? {
            duration_ms: 1000 * n,
            preview_image_url: `https://m.example/p${n}.jpg`,
            public_metrics: { view_count: 7 * n },
          }
        : { url: `https://m.example/${n}.jpg` }),
    });
  }
  const posts = new Map<string, DataPost>();
  let next = 0;
  const userIds = [...users.keys()];
  const mediaKeys = [...media.keys()];
  const make = (depth: number): string => {
    next += 1;
    const n = next;
    const id = digits(2, n);
    const author = userIds[n % userIds.length] ?? "";
    const keys = n % 3 === 0 ? [] : mediaKeys.slice(n % 4, (n % 4) + (n % 2) + 1);
    const post: { -readonly [K in keyof DataPost]: DataPost[K] } = {
      id,
      text: `post ${n} @user${(n % 5) + 1} #tag${n} https://t.example/${n}`,
      author_id: author,
      created_at: `2026-11-${String((n % 27) + 1).padStart(2, "0")}T10:00:00.000Z`,
      conversation_id: id,
      lang: n % 2 === 0 ? "en" : "fr",
      possibly_sensitive: n % 4 === 0,
      public_metrics: {
        repost_count: n,
        reply_count: 2 * n,
        like_count: 3 * n,
        quote_count: n % 3,
      },
      entities: {
        mentions: [
          {
            start: 7 + String(n).length,
            end: 14 + String(n).length,
            username: `user${(n % 5) + 1}`,
            id: userIds[n % 5] ?? "",
          },
        ],
        hashtags: [
          { start: 15 + String(n).length, end: 19 + 2 * String(n).length, tag: `tag${n}` },
        ],
      },
      ...(keys.length > 0 && { attachments: { media_keys: keys } }),
      edit_history_post_ids: [id],
    };
    posts.set(id, post);
    if (depth < 2) {
      const replied = make(depth + 1);
      const quoted = make(depth + 1);
      const newer = make(depth + 1);
      post.referenced_tweets = [
        { type: "replied_to", id: replied },
        { type: "quoted", id: quoted },
      ];
      post.in_reply_to_user_id = posts.get(replied)?.author_id;
      const history = [id, newer];
      post.edit_history_post_ids = history;
      const newerPost = posts.get(newer);
      if (newerPost !== undefined)
        posts.set(newer, { ...newerPost, edit_history_post_ids: history });
    }
    return id;
  };
  const rootIds = Array.from({ length: roots }, () => make(0));
  return { store: { posts, users, media }, rootIds };
}
