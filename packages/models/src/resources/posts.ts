import { z } from "zod";
import { adsId, digitId, openEnum, timestamp } from "../scalars.js";

export const POST_TYPES = ["DRAFT", "PUBLISHED", "SCHEDULED"] as const;
export const postTypeSchema = z.enum(POST_TYPES);

/**
 * A post as the advertising `posts` list returns it (spec §4.7; fields not shown). The
 * recording (tweets_get.json) is the legacy status object: `created_at` is in the vendor's
 * `Tue Aug 27 22:22:12 +0000 2019` form, not §2.1's, so it is a plain string here.
 */
export const adsPostSchema = z.looseObject({
  id: digitId,
  post_id: digitId.optional(),
  text: z.string().optional(),
  full_text: z.string().optional(),
  created_at: z.string().optional(),
  nullcast: z.boolean().optional(),
  post_type: openEnum(POST_TYPES).optional(),
  scheduled_at: timestamp.nullable().optional(),
  name: z.string().nullable().optional(),
  card_uri: z.string().nullable().optional(),
  user: z.looseObject({ id: digitId }).optional(),
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

/** spec §2.11 scheduled posts: not shown beyond their parameters. */
export const scheduledPostSchema = z.looseObject({
  id: adsId,
  name: z.string().nullable().optional(),
  text: z.string().optional(),
  nullcast: z.boolean().optional(),
  scheduled_at: timestamp.nullable().optional(),
});
export type ScheduledPost = z.output<typeof scheduledPostSchema>;
