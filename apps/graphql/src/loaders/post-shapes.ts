import { formatTimestamp } from "@adsgraph/models";
import type {
  AdsPost,
  DataMedia,
  DataPost,
  DataUser,
  DraftPost,
  PostEntities,
  PostExpansion,
  PostField,
  PostType,
  ScheduledPost,
} from "@adsgraph/models";
import type { PostCoverage } from "./post-needs.js";
import type { Owned } from "./shapes.js";

/**
 * A draft or scheduled post as the graph holds it (spec §2.7, §2.11): what the advertising
 * `posts` list answers for its type (one shape for the three types), or what a draft or
 * scheduled-post write answers, with the account it was read through and its type.
 */
export type AccountPostShape = Owned<AccountPostFields> & {
  readonly post_type: Exclude<PostType, "PUBLISHED">;
};

/**
 * A draft's or scheduled post's fields as the list or a write answers them (a scheduled post's
 * `post_id` is null until it is published).
 */
export type AccountPostFields = {
  [K in keyof AdsPost as K extends "post_id" ? never : K]?: AdsPost[K];
} & Partial<Pick<DraftPost, "status">> &
  Partial<Pick<ScheduledPost, "scheduled_status" | "deleted" | "post_id">> & {
    readonly id: string;
  };

/** A published post the advertising list answered, with the account that listed it. */
export type AdsPostShape = Owned<AdsPost>;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
// `Tue Aug 27 22:22:12 +0000 2019`: the legacy form of the recording (anchored, linear).
const LEGACY = /^[A-Z][a-z]{2} ([A-Z][a-z]{2}) (\d{2}) (\d{2}):(\d{2}):(\d{2}) \+0000 (\d{4})$/;

/**
 * A post's time as spec §2.1 writes timestamps (`YYYY-MM-DDThh:mm:ssZ`), from the advertising
 * list's legacy form, an ISO time with fractions (the post-data API's), or §2.1's own; null
 * for anything else.
 */
export function postTime(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const legacy = LEGACY.exec(value);
  if (legacy !== null) {
    const [, month, day, hh, mm, ss, year] = legacy;
    const index = MONTHS.indexOf(month ?? "");
    if (index === -1) return null;
    const date = new Date(
      Date.UTC(Number(year), index, Number(day), Number(hh), Number(mm), Number(ss)),
    );
    return Number.isNaN(date.getTime()) ? null : formatTimestamp(date);
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : formatTimestamp(date);
}

type Indexed = { readonly indices?: readonly number[] };
const span = (entity: Indexed) => ({
  start: entity.indices?.[0] ?? 0,
  end: entity.indices?.[1] ?? 0,
});

/** The advertising list's legacy entities (`indices`) in the post-data API's form (`start`/`end`). */
export function entitiesFromAds(entities: NonNullable<AdsPost["entities"]>): PostEntities {
  return {
    mentions: (entities.user_mentions ?? []).map((mention) => ({
      ...span(mention),
      username: mention.screen_name,
      ...(mention.id !== undefined && { id: mention.id }),
    })),
    hashtags: (entities.hashtags ?? []).map((hashtag) => ({ ...span(hashtag), tag: hashtag.text })),
    urls: (entities.urls ?? []).map((url) => ({
      ...span(url),
      url: url.url,
      ...(url.expanded_url !== undefined && { expanded_url: url.expanded_url }),
      ...(url.display_url !== undefined && { display_url: url.display_url }),
    })),
  };
}

/** What the post-data API's `data` item may hold, as merged from every answer of a request. */
export type PostData = Partial<DataPost> & { readonly id: string };

/**
 * One post of a request, as known so far: the post-data API's fields that were answered (an
 * asked field that is absent is known absent), the objects expansions brought with the fields
 * they were asked with, and what the advertising list said of it (name, promoted-only, card,
 * video call to action, and the account that listed it). The same object for the same id all
 * through one request; resolvers read it, loaders fill it.
 */
export class PostRecord implements PostCoverage {
  readonly id: string;
  data: PostData;
  readonly fields = new Set<PostField>();
  readonly expansions = new Map<PostExpansion, Set<string>>();
  /** The advertising list's answer (or the ads create/rename answer). */
  ads: AdsPostShape | undefined;
  /** Some answer (a lookup, a list, a write) said the post exists. */
  seen = false;
  /** The lookup said no post has this id (deleted, never existed, not readable). */
  failure: Error | undefined;

  constructor(id: string) {
    this.id = id;
    this.data = { id };
  }

  joinIsEmpty(expansion: PostExpansion): boolean {
    switch (expansion) {
      case "attachments.media_keys":
        return (this.data.attachments?.media_keys ?? []).length === 0;
      case "author_id":
        return this.data.author_id === undefined;
      case "in_reply_to_user_id":
        return this.data.in_reply_to_user_id === undefined;
      case "referenced_tweets.id":
        return (this.data.referenced_tweets ?? []).length === 0;
    }
  }

  /** Adds what an answer says: its fields over the known ones, its coverage to the known. */
  merge(
    data: PostData,
    fields: readonly PostField[],
    expansions: readonly [PostExpansion, readonly string[]][],
  ) {
    this.data = { ...this.data, ...data, id: this.id };
    for (const field of fields) this.fields.add(field);
    for (const [expansion, sub] of expansions) {
      const set = this.expansions.get(expansion) ?? new Set();
      for (const name of sub) set.add(name);
      this.expansions.set(expansion, set);
    }
    this.seen = true;
    this.failure = undefined;
  }
}

/** A user the advertising list embeds (`user`), in the post-data API's form. */
export function userFromAds(user: NonNullable<AdsPost["user"]>): DataUser {
  return {
    id: user.id,
    ...(user.name !== undefined && { name: user.name }),
    ...(user.screen_name !== undefined && { username: user.screen_name }),
  };
}

/**
 * What the advertising list's answer tells of a published post in the post-data API's terms,
 * and which fields that covers (spec §4.7 list vs §2.12): text, created_at (legacy form),
 * author (id; name and username unless `trim_user`), media keys, the four counts, entities and
 * language when present, who it replies to. Everything else (user created_at, media details,
 * conversation, sensitivity, quotes, edit history) stays for the post-data API.
 */
export function dataFromAds(post: AdsPost): {
  data: PostData;
  fields: PostField[];
  expansions: [PostExpansion, string[]][];
  user: DataUser | undefined;
} {
  const data: { -readonly [K in keyof PostData]: PostData[K] } = { id: post.id };
  const fields: PostField[] = [];
  const expansions: [PostExpansion, string[]][] = [];
  const text = post.full_text ?? post.text;
  if (text !== undefined) data.text = text;
  const createdAt = postTime(post.created_at);
  if (createdAt !== null) {
    data.created_at = createdAt;
    fields.push("created_at");
  }
  const authorId = post.user_id ?? post.user?.id;
  let user: DataUser | undefined;
  if (authorId !== undefined) {
    data.author_id = authorId;
    fields.push("author_id");
    if (
      post.user !== undefined &&
      post.user.name !== undefined &&
      post.user.screen_name !== undefined
    ) {
      user = userFromAds(post.user);
      expansions.push(["author_id", []]);
    }
  }
  if (post.media_keys !== undefined) {
    if (post.media_keys.length > 0) data.attachments = { media_keys: [...post.media_keys] };
    fields.push("attachments");
  }
  const { favorite_count, repost_count, reply_count, quote_count } = post;
  if (
    favorite_count !== undefined &&
    repost_count !== undefined &&
    reply_count !== undefined &&
    quote_count !== undefined
  ) {
    data.public_metrics = {
      like_count: favorite_count,
      repost_count,
      reply_count,
      quote_count,
    };
    fields.push("public_metrics");
  }
  if (post.entities !== undefined) {
    data.entities = entitiesFromAds(post.entities);
    fields.push("entities");
  }
  if (post.lang !== undefined) {
    if (post.lang !== null) data.lang = post.lang;
    fields.push("lang");
  }
  // A number may have lost digits past 2^53 (long ids are strings end to end): not known then.
  const replyUser = post.in_reply_to_user_id;
  if (replyUser === null || typeof replyUser === "string") {
    if (replyUser !== null) data.in_reply_to_user_id = replyUser;
    fields.push("in_reply_to_user_id");
  }
  return { data, fields, expansions, user };
}

/** A media object as the graph shows it: its key, and what the lookup said of it. */
export type PostMediaShape = Partial<DataMedia> & { readonly media_key: string };
