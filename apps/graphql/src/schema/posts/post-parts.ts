import type { DataUser, PostEntities, PostPublicMetrics } from "@adsgraph/models";
import { builder } from "../../builder.js";
import type { PostMediaShape } from "../../loaders/post-shapes.js";
import { postTime } from "../../loaders/post-shapes.js";
import { SMALL_LIST } from "../../fields/connections.js";
import { observedFields } from "../../fields/observed-fields.js";
import { PostMediaType } from "../common/observed-enums.js";

// The value objects of posts (spec §2.7, §2.12): users, media, metrics and entities.

export const UserRef = builder.objectRef<DataUser>("User");

builder.node(UserRef, {
  description:
    "A user (spec §2.12: id, name and username; createdAt on request). A post's author and the " +
    "user it replies to come from the post-data API's user expansions; a draft's or scheduled " +
    "post's author is what the advertising list embeds (the spec has no user lookup).",
  id: { resolve: (u) => u.id },
  // No user lookup exists: by id, a user is known by its id (and the viewer by its name too).
  loadOne: (id, { viewer }) =>
    viewer?.userId === id ? { id, username: viewer.screenName } : { id },
  fields: (t) => ({
    rawId: t.string({
      description: "The user id as the service names it: digits in a string (it exceeds 2^53).",
      resolve: (u) => u.id,
    }),
    name: t.string({ nullable: true, resolve: (u) => u.name ?? null }),
    username: t.string({
      nullable: true,
      description: "The screen name, without `@`.",
      resolve: (u) => u.username ?? null,
    }),
    createdAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "When the account was made (user.fields=created_at).",
      resolve: (u) => postTime(u.created_at),
    }),
  }),
});

export const PostMediaRef = builder.objectRef<PostMediaShape>("PostMedia").implement({
  description:
    "A media object a post carries (spec §2.6 media key; §2.12 media fields from the " +
    "attachments.media_keys expansion). Drafts and scheduled posts know only the key.",
  fields: (t) => ({
    mediaKey: t.string({
      description: "`<digits>_<digits>`; the digits after `_` are the media id.",
      resolve: (m) => m.media_key,
    }),
    ...observedFields(t, "type", {
      enum: PostMediaType,
      description: "What the media item is; null when the post's answer did not include it.",
      resolve: (m) => m.type,
    }),
    durationMs: t.int({ nullable: true, resolve: (m) => m.duration_ms ?? null }),
    width: t.int({ nullable: true, resolve: (m) => m.width ?? null }),
    height: t.int({ nullable: true, resolve: (m) => m.height ?? null }),
    url: t.string({ nullable: true, resolve: (m) => m.url ?? null }),
    previewImageUrl: t.string({ nullable: true, resolve: (m) => m.preview_image_url ?? null }),
    viewCount: t.int({
      nullable: true,
      description: "public_metrics.view_count (videos); changes with time, never served stale.",
      resolve: (m) => m.public_metrics?.view_count ?? null,
    }),
  }),
});

export const PostPublicMetricsRef = builder
  .objectRef<PostPublicMetrics>("PostPublicMetrics")
  .implement({
    description: "spec §2.12 public_metrics: counts that change with time (never served stale).",
    fields: (t) => ({
      repostCount: t.int({ resolve: (m) => m.repost_count }),
      replyCount: t.int({ resolve: (m) => m.reply_count }),
      likeCount: t.int({ resolve: (m) => m.like_count }),
      quoteCount: t.int({ resolve: (m) => m.quote_count }),
    }),
  });

type Mention = NonNullable<PostEntities["mentions"]>[number];
type Hashtag = NonNullable<PostEntities["hashtags"]>[number];
type Url = NonNullable<PostEntities["urls"]>[number];

const spanFields = {
  start: "Offset of the first code point (from 0).",
  end: "Offset after the last code point (exclusive).",
};

const PostMentionRef = builder.objectRef<Mention>("PostMention").implement({
  description: "An @mention in a post's text.",
  fields: (t) => ({
    start: t.int({ description: spanFields.start, resolve: (e) => e.start }),
    end: t.int({ description: spanFields.end, resolve: (e) => e.end }),
    username: t.string({ description: "Without `@`.", resolve: (e) => e.username }),
    userId: t.string({
      nullable: true,
      description: "The mentioned user's id (digits), when a user has that name.",
      resolve: (m) => m.id ?? null,
    }),
  }),
});

const PostHashtagRef = builder.objectRef<Hashtag>("PostHashtag").implement({
  description: "A #hashtag in a post's text.",
  fields: (t) => ({
    start: t.int({ description: spanFields.start, resolve: (e) => e.start }),
    end: t.int({ description: spanFields.end, resolve: (e) => e.end }),
    tag: t.string({ description: "Without `#`.", resolve: (e) => e.tag }),
  }),
});

const PostUrlRef = builder.objectRef<Url>("PostUrl").implement({
  description: "A URL in a post's text.",
  fields: (t) => ({
    start: t.int({ description: spanFields.start, resolve: (e) => e.start }),
    end: t.int({ description: spanFields.end, resolve: (e) => e.end }),
    url: t.string({ resolve: (e) => e.url }),
    expandedUrl: t.string({ nullable: true, resolve: (u) => u.expanded_url ?? null }),
    displayUrl: t.string({ nullable: true, resolve: (u) => u.display_url ?? null }),
  }),
});

export const PostEntitiesRef = builder.objectRef<PostEntities>("PostEntities").implement({
  description: "spec §2.12 entities parsed from a post's text, with code-point offsets.",
  fields: (t) => ({
    mentions: t.field({
      type: [PostMentionRef],
      complexity: SMALL_LIST,
      resolve: (e) => e.mentions ?? [],
    }),
    hashtags: t.field({
      type: [PostHashtagRef],
      complexity: SMALL_LIST,
      resolve: (e) => e.hashtags ?? [],
    }),
    urls: t.field({ type: [PostUrlRef], complexity: SMALL_LIST, resolve: (e) => e.urls ?? [] }),
  }),
});
