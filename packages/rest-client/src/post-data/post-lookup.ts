import { getEndpoint } from "@adsgraph/models";
import type {
  DataLookupError,
  DataMedia,
  DataPost,
  DataUser,
  MediaField,
  PostExpansion,
  PostField,
  UserField,
} from "@adsgraph/models";
import type { RestClient } from "../client/client.js";
import { DEFAULT_CONCURRENCY } from "../core/config.js";
import type { CallOptions } from "../core/config.js";
import { RestProtocolError } from "../core/errors.js";
import { chunk, idsPerRequest, mapBounded, uniqueIds } from "../client/id-batching.js";

const endpoint = getEndpoint("post_data.posts.lookup");

/**
 * Post fields every post carries once asked. The others (`attachments`, `entities`,
 * `referenced_tweets`, `in_reply_to_user_id`, `context_annotations`) only appear on a post that
 * has one: a post without media has no `attachments`, one that replies to nobody no
 * `in_reply_to_user_id`.
 */
const ALWAYS_POST_FIELDS = [
  "author_id",
  "conversation_id",
  "created_at",
  "edit_history_post_ids",
  "lang",
  "possibly_sensitive",
  "public_metrics",
] as const satisfies readonly PostField[];
type AlwaysPostField = (typeof ALWAYS_POST_FIELDS)[number];

/** What every included user has: `id`, `name`, `username` are the defaults (spec §2.12). */
const DEFAULT_USER_FIELDS = ["name", "username"] as const;

/** One flat object type, so editors and errors show the fields rather than an intersection. */
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/**
 * A post as answered for the asked `post.fields` `F`: `id` and `text` (the default), each asked
 * field that every post has as required, the others optional; a field not asked is not there.
 */
export type SelectedPost<F extends PostField = never> = Simplify<
  Pick<DataPost, "id" | "text"> & {
    [K in Extract<F, AlwaysPostField>]-?: NonNullable<DataPost[K]>;
  } & {
    [K in Exclude<F, AlwaysPostField | "id" | "text">]?: NonNullable<DataPost[K]>;
  }
>;

/**
 * A media object for the asked `media.fields` `M`: `media_key` and `type` always; the asked
 * fields where the media has them (`duration_ms` and `public_metrics` for videos, `url` for
 * photos).
 */
export type SelectedMedia<M extends MediaField = never> = Simplify<
  Pick<DataMedia, "media_key" | "type"> & {
    [K in Exclude<M, "media_key" | "type">]?: NonNullable<DataMedia[K]>;
  }
>;

/** A user for the asked `user.fields` `U`: `id`, `name`, `username`, and each asked field. */
export type SelectedUser<U extends UserField = never> = Simplify<
  { id: string; name: string; username: string } & {
    [K in Exclude<U, "id" | "name" | "username">]-?: NonNullable<DataUser[K]>;
  }
>;

type UserExpansion = "author_id" | "in_reply_to_user_id";

/** `includes` holds exactly the expanded kinds: no key for what was not expanded. */
export type PostIncludes<
  F extends PostField = never,
  E extends PostExpansion = never,
  M extends MediaField = never,
  U extends UserField = never,
> = Simplify<
  ("attachments.media_keys" extends E ? { media: SelectedMedia<M>[] } : unknown) &
    ([Extract<E, UserExpansion>] extends [never] ? unknown : { users: SelectedUser<U>[] }) &
    ("referenced_tweets.id" extends E ? { posts: SelectedPost<F>[] } : unknown)
>;

/** What to look up and which fields and related objects to ask for (wire names in comments). */
export interface PostLookupRequest<
  F extends PostField = never,
  E extends PostExpansion = never,
  M extends MediaField = never,
  U extends UserField = never,
> {
  /** Post ids (digit strings), any number: de-duplicated, ≤100 per request (`ids`). */
  readonly ids: readonly string[];
  /** `post.fields`; absent or empty: the default `id` and `text`, and no parameter is sent. */
  readonly fields?: readonly F[] | undefined;
  /** `expansions`: media (`attachments.media_keys`), users, referenced posts under `includes`. */
  readonly expansions?: readonly E[] | undefined;
  /** `media.fields` of `includes.media`. */
  readonly mediaFields?: readonly M[] | undefined;
  /** `user.fields` of `includes.users`. */
  readonly userFields?: readonly U[] | undefined;
}

export interface PostLookupOptions extends CallOptions {
  /** Parallel requests (default `DEFAULT_CONCURRENCY`, 4). */
  readonly concurrency?: number | undefined;
}

export interface PostLookupResult<
  F extends PostField = never,
  E extends PostExpansion = never,
  M extends MediaField = never,
  U extends UserField = never,
> {
  /** Posts found, in the order of the distinct input ids. */
  readonly data: SelectedPost<F>[];
  /** Every request's related objects, once each (by `media_key`, user `id`, post `id`). */
  readonly includes: PostIncludes<F, E, M, U>;
  /** Ids that name no readable post, as the service reported them, every request's in order. */
  readonly errors: DataLookupError[];
}

/** The field lists as sent, by wire name; a list not asked has no key. */
interface Selection {
  "post.fields"?: PostField[];
  expansions?: PostExpansion[];
  "media.fields"?: MediaField[];
  "user.fields"?: UserField[];
}

/** An asked list once each, in the order asked; none for an absent or empty one. */
function listOf<T extends string>(list: readonly T[] | undefined): T[] | undefined {
  return list === undefined || list.length === 0 ? undefined : [...new Set(list)];
}

function selectionOf(
  request: PostLookupRequest<PostField, PostExpansion, MediaField, UserField>,
): Selection {
  const selection: Selection = {};
  const fields = listOf(request.fields);
  const expansions = listOf(request.expansions);
  const mediaFields = listOf(request.mediaFields);
  const userFields = listOf(request.userFields);
  if (fields !== undefined) selection["post.fields"] = fields;
  if (expansions !== undefined) selection.expansions = expansions;
  if (mediaFields !== undefined) selection["media.fields"] = mediaFields;
  if (userFields !== undefined) selection["user.fields"] = userFields;
  return selection;
}

/** Every item has every `required` field, or the answer is not what the types promise. */
function requirePresent(
  answer: { readonly status: number; readonly requestId: string | undefined },
  what: "post" | "user",
  items: readonly Record<string, unknown>[],
  required: readonly string[],
): void {
  if (required.length === 0) return;
  for (const item of items) {
    const absent = required.find((name) => item[name] === undefined);
    if (absent !== undefined) {
      throw new RestProtocolError(
        {
          endpointId: endpoint.id,
          method: endpoint.method,
          path: `/${endpoint.version}${endpoint.path}`,
        },
        `answered ${what} ${String(item.id)} without ${absent}, which was asked for`,
        { status: answer.status, requestId: answer.requestId },
      );
    }
  }
}

/** Keeps the first of each key, in the order seen. */
function distinctBy<T>(items: Iterable<T>, key: (item: T) => unknown): T[] {
  const seen = new Map<unknown, T>();
  for (const item of items) {
    const k = key(item);
    if (!seen.has(k)) seen.set(k, item);
  }
  return [...seen.values()];
}

/**
 * Looks posts up through `post_data.posts.lookup` (spec §4.9 GET /2/posts) with the fields and
 * related objects asked for, typed to exactly those. The ids are de-duplicated and sent at most
 * the catalog's maximum (100) per request, with bounded concurrency, each request through the
 * client's normal call path (validation, middleware, rate limits, retries). The answers are
 * merged: `data` in input-id order, `includes` once per object, `errors` kept. No ids: no
 * request. A post or user without an asked field that every one has is a `RestProtocolError`.
 *
 * @example
 * const { data, includes, errors } = await lookupPosts(client, {
 *   ids,
 *   fields: ["author_id", "public_metrics"],
 *   expansions: ["author_id"],
 *   userFields: ["created_at"],
 * });
 * data[0]?.author_id; // string
 * includes.users; // { id, name, username, created_at }[]
 */
export async function lookupPosts<
  F extends PostField = never,
  E extends PostExpansion = never,
  M extends MediaField = never,
  U extends UserField = never,
>(
  client: RestClient,
  request: PostLookupRequest<F, E, M, U>,
  options: PostLookupOptions = {},
): Promise<PostLookupResult<F, E, M, U>> {
  const { concurrency = DEFAULT_CONCURRENCY, ...callOptions } = options;
  const selection = selectionOf(request);
  const ids = uniqueIds(request.ids);
  const postFields = ALWAYS_POST_FIELDS.filter((name) => selection["post.fields"]?.includes(name));
  const userFields: readonly string[] = selection["user.fields"]?.includes("created_at")
    ? [...DEFAULT_USER_FIELDS, "created_at"]
    : DEFAULT_USER_FIELDS;
  const expansions = selection.expansions ?? [];

  const answers = await mapBounded(
    chunk(ids, idsPerRequest(endpoint, "ids")),
    concurrency,
    async (part) => {
      const answer = await client.request(
        "post_data.posts.lookup",
        { ...selection, ids: part },
        callOptions,
      );
      const { body } = answer;
      requirePresent(answer, "post", body.data ?? [], postFields);
      requirePresent(answer, "post", body.includes?.posts ?? [], postFields);
      requirePresent(answer, "user", body.includes?.users ?? [], userFields);
      return body;
    },
  );

  const order = new Map(ids.map((id, index) => [id, index]));
  const rank = (post: DataPost) => order.get(post.id) ?? ids.length;
  const data = distinctBy(
    answers.flatMap((body) => body.data ?? []),
    (post) => post.id,
  ).sort((a, b) => rank(a) - rank(b));

  const includes: Record<string, unknown[]> = {};
  if (expansions.includes("attachments.media_keys")) {
    includes.media = distinctBy(
      answers.flatMap((body) => body.includes?.media ?? []),
      (media) => media.media_key,
    );
  }
  if (expansions.includes("author_id") || expansions.includes("in_reply_to_user_id")) {
    includes.users = distinctBy(
      answers.flatMap((body) => body.includes?.users ?? []),
      (user) => user.id,
    );
  }
  if (expansions.includes("referenced_tweets.id")) {
    includes.posts = distinctBy(
      answers.flatMap((body) => body.includes?.posts ?? []),
      (post) => post.id,
    );
  }

  // The checks above make the answer what the types say.
  return {
    data: data as SelectedPost<F>[],
    includes: includes as PostIncludes<F, E, M, U>,
    errors: answers.flatMap((body) => body.errors ?? []),
  };
}
