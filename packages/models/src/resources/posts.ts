import { z } from "zod";
import { adsId, digitId, openEnum, timestamp } from "../scalars.js";

export const POST_TYPES = ["DRAFT", "PUBLISHED", "SCHEDULED"] as const;
export const postTypeSchema = z.enum(POST_TYPES);
export type PostType = (typeof POST_TYPES)[number];

/** spec §4.7 posts list `timeline_type`: promoted-only (NULLCAST), organic, or both. */
export const TIMELINE_TYPES = ["ALL", "NULLCAST", "ORGANIC"] as const;

/** spec §4.7 POST post `conversation_settings` (who may reply). */
export const CONVERSATION_SETTINGS = ["EVERYONE", "FOLLOWING", "MENTIONED_USERS"] as const;
export type ConversationSetting = (typeof CONVERSATION_SETTINGS)[number];

/** spec §4.7 POST post `video_cta`. */
export const VIDEO_CTAS = ["VISIT_SITE", "WATCH_NOW"] as const;

/**
 * Entities of an advertising post in the legacy status form of the recording (tweets_get.json):
 * `indices` are `[start, end)` code-point offsets; user ids are digit strings.
 */
export const adsPostEntitiesSchema = z.looseObject({
  hashtags: z.array(z.looseObject({ text: z.string(), indices: z.array(z.number()) })).optional(),
  user_mentions: z
    .array(
      z.looseObject({
        screen_name: z.string(),
        id: digitId.optional(),
        indices: z.array(z.number()),
      }),
    )
    .optional(),
  urls: z
    .array(
      z.looseObject({
        url: z.string(),
        expanded_url: z.string().optional(),
        display_url: z.string().optional(),
        indices: z.array(z.number()),
      }),
    )
    .optional(),
  symbols: z.array(z.unknown()).optional(),
});

/**
 * A post as the advertising `posts` list and `post` create return it (spec §4.7; fields not
 * shown). One shape for the three `post_type`s, so a draft read here carries §2.7's fields
 * (`user_id`, `name`, `text`, `nullcast`, `card_uri`, `media_keys`). The recording
 * (tweets_get.json) is the legacy status object: its `created_at` is in the vendor's
 * `Tue Aug 27 22:22:12 +0000 2019` form, not §2.1's, so it is a plain string here.
 */
export const adsPostSchema = z.looseObject({
  id: digitId,
  post_id: digitId.optional(),
  post_type: openEnum(POST_TYPES).optional(),
  text: z.string().optional(),
  full_text: z.string().optional(),
  truncated: z.boolean().optional(),
  created_at: z.string().optional(),
  updated_at: timestamp.optional(),
  nullcast: z.boolean().optional(),
  scheduled_at: timestamp.nullable().optional(),
  name: z.string().nullable().optional(),
  card_uri: z.string().nullable().optional(),
  media_keys: z.array(z.string()).optional(),
  user_id: digitId.optional(),
  user: z
    .looseObject({
      id: digitId,
      screen_name: z.string().optional(),
      name: z.string().optional(),
    })
    .optional(),
  // Absent from the create response, present on reads (spec §4.7).
  conversation_settings: openEnum(CONVERSATION_SETTINGS).optional(),
  entities: adsPostEntitiesSchema.optional(),
  lang: z.string().nullable().optional(),
  in_reply_to_post_id: digitId.nullable().optional(),
  in_reply_to_user_id: z.union([digitId, z.number()]).nullable().optional(),
  favorite_count: z.number().int().optional(),
  repost_count: z.number().int().optional(),
  reply_count: z.number().int().optional(),
  quote_count: z.number().int().optional(),
  video_cta: openEnum(VIDEO_CTAS).nullable().optional(),
  video_cta_value: z.string().nullable().optional(),
  video_title: z.string().nullable().optional(),
  video_description: z.string().nullable().optional(),
});
export type AdsPost = z.output<typeof adsPostSchema>;

/** spec §4.7 post_previews: an iframe rendering per post id. */
export const postPreviewSchema = z.looseObject({
  post_id: digitId.optional(),
  // The older single-preview answer (older/tweet_preview.json) is keyed by platform instead.
  platform: z.string().optional(),
  preview: z.string(),
});
export type PostPreview = z.output<typeof postPreviewSchema>;

/** spec §4.7 draft preview: a notification is sent; the answer holds a message. */
export const draftPreviewResultSchema = z.looseObject({ message: z.string() });
export type DraftPreviewResult = z.output<typeof draftPreviewResultSchema>;

/** Where a scheduled post stands: waiting, published (with its `post_id`) or deleted. */
export const SCHEDULED_STATUSES = ["SCHEDULED", "COMPLETED", "DELETED"] as const;

/**
 * spec §2.11 scheduled posts: "not shown beyond their parameters". The fields are those of a
 * draft (§2.7) plus `scheduled_at`, and the vendor's `scheduled_status` and `post_id`.
 */
export const scheduledPostSchema = z.looseObject({
  id: adsId,
  user_id: digitId.optional(),
  name: z.string().nullable().optional(),
  text: z.string().optional(),
  nullcast: z.boolean().optional(),
  card_uri: z.string().nullable().optional(),
  media_keys: z.array(z.string()).optional(),
  scheduled_at: timestamp.nullable().optional(),
  scheduled_status: openEnum(SCHEDULED_STATUSES).optional(),
  post_id: digitId.nullable().optional(),
  created_at: timestamp.optional(),
  updated_at: timestamp.optional(),
  deleted: z.boolean().optional(),
});
export type ScheduledPost = z.output<typeof scheduledPostSchema>;
