import { z } from "zod";
import { digitId, openEnum } from "../scalars.js";

/** spec §2.12: public_metrics of a post. */
export const postPublicMetricsSchema = z.looseObject({
  repost_count: z.number().int(),
  reply_count: z.number().int(),
  like_count: z.number().int(),
  quote_count: z.number().int(),
});

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
  entities: z.looseObject({}).optional(),
  lang: z.string().optional(),
  referenced_tweets: z
    .array(z.looseObject({ type: openEnum(["replied_to", "quoted", "retweeted"]), id: digitId }))
    .optional(),
  in_reply_to_user_id: digitId.optional(),
  possibly_sensitive: z.boolean().optional(),
  context_annotations: z.array(z.looseObject({})).optional(),
});
export type DataPost = z.output<typeof dataPostSchema>;

/** spec §2.12 media object in `includes.media`. */
export const dataMediaSchema = z.looseObject({
  media_key: z.string(),
  type: openEnum(["photo", "video", "animated_gif"]),
  duration_ms: z.number().int().optional(),
  public_metrics: z.looseObject({ view_count: z.number().int().optional() }).optional(),
});
export type DataMedia = z.output<typeof dataMediaSchema>;

/** spec §4.9 GET /2/posts: `data` plus `includes`; user and other expansions are not shown. */
export const dataPostsLookupSchema = z.looseObject({
  data: z.array(dataPostSchema).optional(),
  includes: z.looseObject({ media: z.array(dataMediaSchema).optional() }).optional(),
  errors: z.array(z.looseObject({})).optional(),
});
export type DataPostsLookup = z.output<typeof dataPostsLookupSchema>;

/** spec §4.9 POST /2/posts: the created or edited post (body not shown beyond id/text). */
export const dataPostCreateResultSchema = z.looseObject({
  data: z.looseObject({ id: digitId, text: z.string().optional() }),
});
export type DataPostCreateResult = z.output<typeof dataPostCreateResultSchema>;
