import type { AdsPost, DataMedia, DataPostsLookup, DataUser } from "@adsgraph/models";
import { lookupPosts } from "@adsgraph/rest-client";
import type { RestClient } from "@adsgraph/rest-client";
import DataLoader from "dataloader";
import { NotFoundError } from "../errors/facade-errors.js";
import { tracedBatch } from "../tracing/loader-span.js";
import { coverageOf, isEmpty, lookupParams, remainingNeeds, unionNeeds } from "./post-needs.js";
import type { PostNeeds } from "./post-needs.js";
import { dataFromAds, PostRecord } from "./post-shapes.js";
import type { PostData } from "./post-shapes.js";
import type { LoaderOptions } from "./loader-options.js";

/**
 * The posts of one request (spec §4.9 `GET /2/posts`), each read with the fields its selection
 * needs. Every load names a post and what it needs; the loads of one tick are one batch, which
 * asks the union of its loads' needs for all its ids, at most 100 ids per request (the
 * catalog's maximum for `ids`, which rest-client's `lookupPosts` chunks by). A post whose needs are answered already (by an earlier lookup, or by the
 * advertising list that read it) answers without a request.
 */
export interface PostDataLoader {
  /** The post with `needs` answered (the same record all through the request). */
  load(id: string, needs: PostNeeds): PostRecord | Promise<PostRecord>;
  /** Each post, or the error of that id alone. */
  loadMany(ids: readonly string[], needs: PostNeeds): Promise<(PostRecord | Error)[]>;
  /** The record with `needs` answered: itself at once when nothing is missing. */
  ensure(record: PostRecord, needs: PostNeeds): PostRecord | Promise<PostRecord>;
  /** What the advertising list (or an ads write) answered for a published post. */
  primeFromAds(post: AdsPost, accountId: string): PostRecord;
  /** What a post-data write answered (`{id, text, edit_history_post_ids}`). */
  primeCreated(data: PostData): PostRecord;
  /** Forgets what this request read of a post (a write changed it). */
  forget(id: string): void;
  /** A user an expansion brought (or an advertising list embedded). */
  user(id: string): DataUser | undefined;
  /** A media object `attachments.media_keys` brought. */
  media(key: string): DataMedia | undefined;
}

interface Load {
  readonly id: string;
  readonly needs: PostNeeds;
}

/** The id an `errors` item of a lookup names (the vendor's `value`, or `resource_id`). */
function failedId(item: NonNullable<DataPostsLookup["errors"]>[number]): string | undefined {
  return item.resource_id ?? item.value;
}

export function createPostDataLoader(
  upstream: RestClient,
  { batching, traceParent }: LoaderOptions,
): PostDataLoader {
  const records = new Map<string, PostRecord>();
  const users = new Map<string, DataUser>();
  const media = new Map<string, DataMedia>();

  const recordOf = (id: string): PostRecord => {
    let record = records.get(id);
    if (record === undefined) {
      record = new PostRecord(id);
      records.set(id, record);
    }
    return record;
  };
  const addUser = (user: DataUser) => users.set(user.id, { ...users.get(user.id), ...user });
  const addMedia = (item: DataMedia) =>
    media.set(item.media_key, { ...media.get(item.media_key), ...item });

  /**
   * One batch's lookup through rest-client's `lookupPosts` (≤100 ids per request, the catalog's
   * maximum, in parallel): its answers merged into the records and the includes; an id that no
   * answer holds is that id's NotFoundError.
   */
  async function lookup(ids: string[], needs: PostNeeds): Promise<void> {
    const params = lookupParams(needs);
    const answer = await lookupPosts(upstream, {
      ids,
      fields: params["post.fields"],
      expansions: params.expansions,
      mediaFields: params["media.fields"],
      userFields: params["user.fields"],
    });
    const coverage = coverageOf(params);
    // `includes` holds a key per kind expanded (its type says which; here any may be asked).
    const includes: NonNullable<DataPostsLookup["includes"]> = answer.includes;
    for (const user of includes.users ?? []) addUser(user);
    for (const item of includes.media ?? []) addMedia(item);
    const answered = new Set<string>();
    for (const post of answer.data) {
      answered.add(post.id);
      recordOf(post.id).merge(post, coverage.fields, coverage.expansions);
    }
    const reasons = new Map<string, string>();
    for (const item of answer.errors) {
      const id = failedId(item);
      if (id !== undefined) reasons.set(id, item.detail ?? item.title ?? "");
    }
    for (const id of ids) {
      if (answered.has(id)) continue;
      const why = reasons.get(id);
      recordOf(id).failure = new NotFoundError(
        `No post has the id ${id}${why === undefined || why === "" ? "" : `: ${why}`}`,
      );
    }
  }

  const batches = new DataLoader<Load, PostRecord>(
    tracedBatch(
      "posts",
      async (loads: readonly Load[]) => {
        const needs = unionNeeds(...loads.map((load) => load.needs));
        const ids = [...new Set(loads.map((load) => load.id))];
        let failure: Error | undefined;
        try {
          await lookup(ids, needs);
        } catch (error) {
          failure = error instanceof Error ? error : new Error(String(error));
        }
        return loads.map((load) => {
          const record = recordOf(load.id);
          return failure ?? record.failure ?? record;
        });
      },
      traceParent,
    ),
    { cache: false, batch: batching },
  );

  function ensure(record: PostRecord, needs: PostNeeds): PostRecord | Promise<PostRecord> {
    if (record.failure !== undefined) return Promise.reject(record.failure);
    const remaining = remainingNeeds(needs, record);
    if (record.seen && isEmpty(remaining)) return record;
    return batches.load({ id: record.id, needs: remaining });
  }

  return {
    load: (id, needs) => ensure(recordOf(id), needs),
    loadMany: (ids, needs) =>
      Promise.all(
        ids.map(async (id) => {
          try {
            return await ensure(recordOf(id), needs);
          } catch (error) {
            return error instanceof Error ? error : new Error(String(error));
          }
        }),
      ),
    ensure,
    primeFromAds(post, accountId) {
      const record = recordOf(post.id);
      const { data, fields, expansions, user } = dataFromAds(post);
      // What a lookup answered stays (the list's text and counts are the same post's).
      const known = new Set<string>(record.fields);
      // The id stays (merge sets it anyway); the rest are the loose fields of the catalog's post.
      const fresh: PostData = {
        ...Object.fromEntries(Object.entries(data).filter(([name]) => !known.has(name))),
        id: data.id,
      };
      record.merge(fresh, fields, expansions);
      record.ads = { ...post, account_id: accountId };
      if (user !== undefined) addUser(user);
      return record;
    },
    primeCreated(data) {
      const record = recordOf(data.id);
      record.merge(
        data,
        data.edit_history_post_ids === undefined ? [] : ["edit_history_post_ids"],
        [],
      );
      return record;
    },
    forget(id) {
      records.delete(id);
    },
    user: (id) => users.get(id),
    media: (key) => media.get(key),
  };
}
