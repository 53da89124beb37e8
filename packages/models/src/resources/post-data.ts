import { z } from "zod";
import { digitId, openEnum } from "../scalars.js";

/** spec §2.12: public_metrics of a post. */
export const postPublicMetricsSchema = z.looseObject({
  repost_count: z.number().int(),
  reply_count: z.number().int(),
  like_count: z.number().int(),
  quote_count: z.number().int(),
});
export type PostPublicMetrics = z.output<typeof postPublicMetricsSchema>;

/**
 * spec §2.12 entities parsed from a post's text. The spec names the field only; the item shapes
 * are the vendor's v2 ones (`start`/`end` are code-point offsets, `end` exclusive).
 */
export const postEntitiesSchema = z.looseObject({
  mentions: z
    .array(
      z.looseObject({
        start: z.number().int(),
        end: z.number().int(),
        username: z.string(),
        id: digitId.optional(),
      }),
    )
    .optional(),
  hashtags: z
    .array(z.looseObject({ start: z.number().int(), end: z.number().int(), tag: z.string() }))
    .optional(),
  urls: z
    .array(
      z.looseObject({
        start: z.number().int(),
        end: z.number().int(),
        url: z.string(),
        expanded_url: z.string().optional(),
        display_url: z.string().optional(),
      }),
    )
    .optional(),
});
export type PostEntities = z.output<typeof postEntitiesSchema>;

/** spec §2.12 `referenced_tweets`-type links (`replied_to` with the post's id; quotes too). */
export const REFERENCE_TYPES = ["replied_to", "quoted", "retweeted"] as const;
export const postReferenceSchema = z.looseObject({
  type: openEnum(REFERENCE_TYPES),
  id: digitId,
});
export type PostReference = z.output<typeof postReferenceSchema>;

/**
 * spec §2.12 post-data API post: `id` and `text` by default, the rest only when requested
 * through `post.fields`.
 */
export const dataPostSchema = z.looseObject({
  id: digitId,
  text: z.string(),
  attachments: z.looseObject({ media_keys: z.array(z.string()).optional() }).optional(),
  author_id: digitId.optional(),
  created_at: z.string().optional(),
  public_metrics: postPublicMetricsSchema.optional(),
  conversation_id: digitId.optional(),
  entities: postEntitiesSchema.optional(),
  lang: z.string().optional(),
  referenced_tweets: z.array(postReferenceSchema).optional(),
  in_reply_to_user_id: digitId.optional(),
  possibly_sensitive: z.boolean().optional(),
  context_annotations: z.array(z.looseObject({})).optional(),
  /** Every version of an edited post, oldest first (beyond §2.12's examples: §4.9 edits). */
  edit_history_post_ids: z.array(digitId).optional(),
});
export type DataPost = z.output<typeof dataPostSchema>;

/** spec §2.12 media object in `includes.media`. */
export const dataMediaSchema = z.looseObject({
  media_key: z.string(),
  type: openEnum(["photo", "video", "animated_gif"]),
  duration_ms: z.number().int().optional(),
  public_metrics: z.looseObject({ view_count: z.number().int().optional() }).optional(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  url: z.string().optional(),
  preview_image_url: z.string().optional(),
});
export type DataMedia = z.output<typeof dataMediaSchema>;

/**
 * A user in `includes.users` (expansions `author_id`, `in_reply_to_user_id`). spec §2.12: "full
 * user schemas: not shown"; `id`, `name` and `username` are the vendor's defaults.
 */
export const dataUserSchema = z.looseObject({
  id: digitId,
  name: z.string().optional(),
  username: z.string().optional(),
  created_at: z.string().optional(),
});
export type DataUser = z.output<typeof dataUserSchema>;

/** A per-id failure of a lookup (an id that names no post the caller may read). */
export const dataLookupErrorSchema = z.looseObject({
  value: z.string().optional(),
  detail: z.string().optional(),
  title: z.string().optional(),
  resource_type: z.string().optional(),
  parameter: z.string().optional(),
  resource_id: z.string().optional(),
  type: z.string().optional(),
});
export type DataLookupError = z.output<typeof dataLookupErrorSchema>;

/**
 * spec §4.9 GET /2/posts: `data` plus `includes`; related objects only appear when expanded.
 * `includes.posts` holds referenced posts (`referenced_tweets.id`).
 */
export const dataPostsLookupSchema = z.looseObject({
  data: z.array(dataPostSchema).optional(),
  includes: z
    .looseObject({
      media: z.array(dataMediaSchema).optional(),
      users: z.array(dataUserSchema).optional(),
      posts: z.array(dataPostSchema).optional(),
    })
    .optional(),
  errors: z.array(dataLookupErrorSchema).optional(),
});
export type DataPostsLookup = z.output<typeof dataPostsLookupSchema>;

/**
 * GET /2/posts/:post_id (beyond the spec, the vendor's GET /2/tweets/:id): the post as `data`,
 * with `includes` as the lookup's; a post that cannot be read is one item of `errors`, no `data`.
 */
export const dataPostGetSchema = z.looseObject({
  data: dataPostSchema.optional(),
  includes: dataPostsLookupSchema.shape.includes,
  errors: dataPostsLookupSchema.shape.errors,
});
export type DataPostGet = z.output<typeof dataPostGetSchema>;

/** spec §4.9 POST /2/posts: the created or edited post (body not shown beyond id/text). */
export const dataPostCreateResultSchema = z.looseObject({
  data: z.looseObject({
    id: digitId,
    text: z.string().optional(),
    edit_history_post_ids: z.array(digitId).optional(),
  }),
});
export type DataPostCreateResult = z.output<typeof dataPostCreateResultSchema>;
