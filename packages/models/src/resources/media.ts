import { z } from "zod";
import { sized } from "../fields/size-rules.js";
import { LIMITS } from "../limits.js";
import { openEnum, timestamp } from "../scalars.js";
import { advertisingFields } from "./common.js";

/** spec §2.5: closed enum. */
export const CREATIVE_TYPES = [
  "BANNER",
  "BANNER_TABLET",
  "INTERSTITIAL",
  "INTERSTITIAL_LANDSCAPE",
  "INTERSTITIAL_LANDSCAPE_TABLET",
  "INTERSTITIAL_TABLET",
  "MEDIUM_RECTANGLE",
  "PREROLL",
  "VAST_PREROLL",
] as const;
export const creativeTypeSchema = z.enum(CREATIVE_TYPES);

/** spec §2.5 (no recording). */
export const accountMediaSchema = z.looseObject({
  ...advertisingFields,
  creative_type: creativeTypeSchema,
  video_id: z.string().nullable(),
  media_url: z.string().nullable(),
});
export type AccountMedia = z.output<typeof accountMediaSchema>;

/** What a media library object holds (vendor v12 media_library `media_type` filter). */
export const MEDIA_TYPES = ["GIF", "IMAGE", "VIDEO"] as const;

/** spec §2.6: `<digits>_<digits>`; a key is an id, as short as one. */
export const mediaKey = sized(
  z
    .string()
    .max(LIMITS.adsIdLength)
    .regex(/^\d+_\d+$/, "must be a media key of the form <digits>_<digits>"),
  { kind: "id", max: LIMITS.adsIdLength },
);

/**
 * spec §2.6 (no recording). Fields that only videos carry (duration, poster, aspect ratio)
 * and the free texts are optional: only VIDEO is observed, images would lack them.
 */
export const mediaLibraryObjectSchema = z.looseObject({
  media_key: mediaKey,
  name: z.string().optional(),
  file_name: z.string().optional(),
  description: z.string().optional(),
  title: z.string().optional(),
  media_type: openEnum(["VIDEO"]),
  media_category: openEnum(["POST_VIDEO"]),
  media_status: openEnum(["TRANSCODE_COMPLETED"]).optional(),
  media_url: z.string().optional(),
  poster_media_url: z.string().optional(),
  poster_media_key: z.string().optional(),
  duration: z.number().int().optional(),
  // `<w>:<h>`; the platform names 1200x628 images 1.91:1.
  aspect_ratio: z
    .string()
    .regex(/^\d+(\.\d+)?:\d+$/, "must be <w>:<h>")
    .optional(),
  posted: z.boolean().optional(),
  created_at: timestamp,
  updated_at: timestamp,
  deleted: z.boolean(),
});
export type MediaLibraryObject = z.output<typeof mediaLibraryObjectSchema>;
