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
    "A person's account on the platform: a post's author, the user a post replies to, or the " +
    "signed-in user. Only the id, name, username and creation time are known, and only where " +
    "a post names the user: there is no lookup of other users' details.",
  id: {
    description: "The user's global id: give it to `node(id:)` to read the user again.",
    resolve: (u) => u.id,
  },
  // No user lookup exists: by id, a user is known by its id (and the viewer by its name too).
  loadOne: (id, { viewer }) =>
    viewer?.userId === id ? { id, username: viewer.screenName } : { id },
  fields: (t) => ({
    rawId: t.string({
      description: "The user's id in the ads service: digits in a string (it can exceed 2^53).",
      resolve: (u) => u.id,
    }),
    name: t.string({
      nullable: true,
      description: "The display name; null when unknown (a user known only by id).",
      resolve: (u) => u.name ?? null,
    }),
    username: t.string({
      nullable: true,
      description: "The screen name, without `@`; null when unknown (a user known only by id).",
      resolve: (u) => u.username ?? null,
    }),
    createdAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "When the user's account was created; null when unknown.",
      resolve: (u) => postTime(u.created_at),
    }),
  }),
});

export const PostMediaRef = builder.objectRef<PostMediaShape>("PostMedia").implement({
  description:
    "An image, animated GIF or video attached to a post. Drafts and scheduled posts know only " +
    "its `mediaKey`: its other fields are null there.",
  fields: (t) => ({
    mediaKey: t.string({
      description:
        "The media library key, `<digits>_<digits>`; the digits after `_` are the media id.",
      resolve: (m) => m.media_key,
    }),
    ...observedFields(t, "type", {
      enum: PostMediaType,
      description: "What the media item is; null when the post's answer did not include it.",
      resolve: (m) => m.type,
    }),
    durationMs: t.int({
      nullable: true,
      description: "A video's length in milliseconds; null for images or when unknown.",
      resolve: (m) => m.duration_ms ?? null,
    }),
    width: t.int({
      nullable: true,
      description: "The width in pixels; null when unknown.",
      resolve: (m) => m.width ?? null,
    }),
    height: t.int({
      nullable: true,
      description: "The height in pixels; null when unknown.",
      resolve: (m) => m.height ?? null,
    }),
    url: t.string({
      nullable: true,
      description:
        "The image file's URL; null for videos and GIFs (see previewImageUrl) or when unknown.",
      resolve: (m) => m.url ?? null,
    }),
    previewImageUrl: t.string({
      nullable: true,
      description:
        "A still image of a video or GIF, to show before it plays; null for images or when unknown.",
      resolve: (m) => m.preview_image_url ?? null,
    }),
    viewCount: t.int({
      nullable: true,
      description:
        "How many times the video was viewed, as of now (never a cached count); null for " +
        "images or when unknown.",
      resolve: (m) => m.public_metrics?.view_count ?? null,
    }),
  }),
});

export const PostPublicMetricsRef = builder
  .objectRef<PostPublicMetrics>("PostPublicMetrics")
  .implement({
    description:
      "How people have engaged with a post: counts as of now (never cached), which grow over time.",
    fields: (t) => ({
      repostCount: t.int({
        description: "How many times the post was reposted.",
        resolve: (m) => m.repost_count,
      }),
      replyCount: t.int({ description: "How many replies it has.", resolve: (m) => m.reply_count }),
      likeCount: t.int({ description: "How many likes it has.", resolve: (m) => m.like_count }),
      quoteCount: t.int({
        description: "How many times it was quoted.",
        resolve: (m) => m.quote_count,
      }),
    }),
  });

type Mention = NonNullable<PostEntities["mentions"]>[number];
type Hashtag = NonNullable<PostEntities["hashtags"]>[number];
type Url = NonNullable<PostEntities["urls"]>[number];

const spanFields = {
  start: "Where it starts in the text: the offset of its first Unicode code point, from 0.",
  end: "Where it ends in the text: the offset just after its last Unicode code point.",
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
    url: t.string({
      description: "The URL as it is in the text (often a shortened link).",
      resolve: (e) => e.url,
    }),
    expandedUrl: t.string({
      nullable: true,
      description: "The full URL the link leads to; null when unknown.",
      resolve: (u) => u.expanded_url ?? null,
    }),
    displayUrl: t.string({
      nullable: true,
      description: "A short form of the URL to show in place of the link; null when unknown.",
      resolve: (u) => u.display_url ?? null,
    }),
  }),
});

export const PostEntitiesRef = builder.objectRef<PostEntities>("PostEntities").implement({
  description:
    "The @mentions, #hashtags and URLs in a post's text, each with its position, for " +
    "highlighting or linking them.",
  fields: (t) => ({
    mentions: t.field({
      type: [PostMentionRef],
      complexity: SMALL_LIST,
      description: "The @mentions; empty when none.",
      resolve: (e) => e.mentions ?? [],
    }),
    hashtags: t.field({
      type: [PostHashtagRef],
      complexity: SMALL_LIST,
      description: "The #hashtags; empty when none.",
      resolve: (e) => e.hashtags ?? [],
    }),
    urls: t.field({
      type: [PostUrlRef],
      complexity: SMALL_LIST,
      description: "The URLs; empty when none.",
      resolve: (e) => e.urls ?? [],
    }),
  }),
});
