import type { AdsPost, DraftPost, ScheduledPost } from "@adsgraph/models";
import type { Post, User } from "../generated/prisma/client.js";
import { entitiesOf } from "./post-store.js";
import type { PostEntities } from "./post-entities.js";
import { publicMetricsOf } from "./post-metrics.js";
import { ts, tsOrNull } from "./time.js";
import type { Presented } from "./presented.js";

/**
 * How the advertising API shows posts (spec §4.7: `GET posts`, `POST post`, `PUT posts/:id/name`,
 * drafts, scheduled posts). One shape for the three post types, in the spirit of the recorded
 * legacy status (tweets_get.json) with §2.1's ISO timestamps; a draft also carries every field
 * of §2.7. The post-data API (§4.9) has presenters of its own.
 */
export interface AdsPostView {
  /** `trim_user=true`: the author as `{id}` only. */
  readonly trimUser?: boolean | undefined;
  /** `post_mode=compat`: text cut to the classic length, `truncated` set, no `full_text`. */
  readonly compat?: boolean | undefined;
  /** False for the create response: spec §4.7 says conversation_settings is absent there. */
  readonly conversationSettings: boolean;
}

/** The classic post length of `post_mode=compat`, in code points. */
export const COMPAT_LENGTH = 140;

/** The author as posts show it: this service keeps no display name, so `name` is the screen name. */
export type PostAuthor = Pick<User, "id" | "screenName">;

function userOf(authorId: string, author: PostAuthor | undefined, trim: boolean) {
  if (trim || author === undefined) return { id: authorId };
  return { id: author.id, screen_name: author.screenName, name: author.screenName };
}

/**
 * The stored (v2-form) entities in the legacy form: `indices: [start, end]`, mention ids only
 * when a user has the name. Entities past `visible` code points are left out (compat text).
 */
export function legacyEntities(entities: PostEntities, visible = Number.POSITIVE_INFINITY) {
  const fits = (entity: { readonly end: number }) => entity.end <= visible;
  return {
    hashtags: entities.hashtags
      .filter(fits)
      .map((tag) => ({ text: tag.tag, indices: [tag.start, tag.end] })),
    symbols: [],
    user_mentions: entities.mentions.filter(fits).map((mention) => ({
      screen_name: mention.username,
      ...(mention.id === undefined ? {} : { id: mention.id }),
      indices: [mention.start, mention.end],
    })),
    urls: entities.urls.filter(fits).map((url) => ({
      url: url.url,
      expanded_url: url.expanded_url,
      display_url: url.display_url,
      indices: [url.start, url.end],
    })),
  };
}

/** The text fields of a post: whole (extended) or cut at COMPAT_LENGTH code points (compat). */
function textFields(text: string, compat: boolean) {
  if (!compat) return { text, full_text: text, truncated: false, visible: Infinity };
  const chars = Array.from(text);
  if (chars.length <= COMPAT_LENGTH) return { text, truncated: false, visible: Infinity };
  return {
    text: `${chars.slice(0, COMPAT_LENGTH).join("")}…`,
    truncated: true,
    visible: COMPAT_LENGTH,
  };
}

/** Where a post was made, in the legacy `source` form: every post here is made through this service. */
const SOURCE = '<a href="https://ads-api.invalid" rel="nofollow">adsgraph ads-api</a>';

/**
 * The legacy status fields of the recording (tweets_get.json) that say nothing this service
 * holds: no places or coordinates, no contributors, and the caller's own like or repost of a
 * post is not kept. Shown with their "none" values so a reader of the recorded shape finds
 * every field.
 */
const NO_PLACE_NOR_ENGAGEMENT = {
  coordinates: null,
  geo: null,
  place: null,
  contributors: null,
  favorited: false,
  reposted: false,
} as const;

/** The recorded legacy status's fields (tweets_get.json) that the schema does not name. */
type LegacyStatusFields = typeof NO_PLACE_NOR_ENGAGEMENT & {
  in_reply_to_status_id: string | null;
  in_reply_to_status_id_str: string | null;
  in_reply_to_user_id_str: string | null;
  in_reply_to_screen_name: string | null;
  display_text_range: [number, number];
  source: string;
  scopes: { followers: boolean };
};

/**
 * A post as `GET posts` lists it and `POST post` / `PUT posts/:id/name` answer it. `users`
 * holds its author and the user it answers (`authorsOf`).
 */
export function presentAdsPost(
  post: Post,
  users: ReadonlyMap<string, PostAuthor>,
  now: Date,
  view: AdsPostView,
): Presented<AdsPost> & LegacyStatusFields {
  const { visible, ...texts } = textFields(post.text, view.compat === true);
  const metrics = publicMetricsOf(post, now);
  const author = users.get(post.authorId);
  const shown = Math.min(visible, Array.from(post.text).length);
  return {
    id: post.id,
    post_id: post.id,
    post_type: post.postType,
    user_id: post.authorId,
    user: userOf(post.authorId, author, view.trimUser === true),
    name: post.name,
    ...texts,
    nullcast: post.nullcast,
    card_uri: post.cardUri,
    media_keys: post.mediaKeys,
    created_at: ts(post.createdAt),
    updated_at: ts(post.updatedAt),
    // Set while the post waits, and kept once it is published: when it was scheduled for.
    scheduled_at: tsOrNull(post.scheduledAt),
    ...(view.conversationSettings ? { conversation_settings: post.conversationSettings } : {}),
    entities: legacyEntities(entitiesOf(post), visible),
    lang: post.lang,
    in_reply_to_post_id: post.inReplyToPostId,
    in_reply_to_user_id: post.inReplyToUserId,
    // The legacy names of the same links (long ids as digit strings, never numbers).
    in_reply_to_status_id: post.inReplyToPostId,
    in_reply_to_status_id_str: post.inReplyToPostId,
    in_reply_to_user_id_str: post.inReplyToUserId,
    in_reply_to_screen_name:
      post.inReplyToUserId === null ? null : (users.get(post.inReplyToUserId)?.screenName ?? null),
    // The code points of `text` a reader shows (all of them, or the compat cut).
    display_text_range: [0, shown],
    source: SOURCE,
    // Promoted-only posts are not shown to the author's followers (spec §4.7 nullcast).
    scopes: { followers: !post.nullcast },
    ...NO_PLACE_NOR_ENGAGEMENT,
    favorite_count: metrics.like_count,
    repost_count: metrics.repost_count,
    reply_count: metrics.reply_count,
    quote_count: metrics.quote_count,
    video_cta: post.videoCta,
    video_cta_value: post.videoCtaValue,
    video_title: post.videoTitle,
    video_description: post.videoDescription,
  };
}

/** spec §2.7 draft post: exactly its fields (a deleted draft adds `status: "DELETED"`). */
export function presentDraft(post: Post): Presented<DraftPost> {
  return {
    id: post.id,
    user_id: post.authorId,
    name: post.name,
    text: post.text,
    nullcast: post.nullcast,
    card_uri: post.cardUri,
    media_keys: post.mediaKeys,
    created_at: ts(post.createdAt),
    updated_at: ts(post.updatedAt),
  };
}

/**
 * A scheduled post (spec §2.11: fields not shown): a draft's fields, `scheduled_at`, and the
 * vendor's `scheduled_status` and `post_id` (null until it is published).
 */
export function presentScheduledPost(
  post: Post,
  status: "SCHEDULED" | "DELETED" = "SCHEDULED",
): Presented<ScheduledPost> {
  return {
    ...presentDraft(post),
    scheduled_at: tsOrNull(post.scheduledAt),
    scheduled_status: status,
    post_id: null,
    ...(status === "DELETED" ? { deleted: true } : {}),
  };
}
