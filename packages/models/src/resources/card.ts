import { z } from "zod";
import { sized } from "../fields/size-rules.js";
import { LIMITS } from "../limits.js";
import { adsId, openEnum, timestamp } from "../scalars.js";
import { cardComponentSchema } from "./card-components.js";
import { advertisingFields } from "./common.js";

/** spec §2.8: card type values for filtering (closed on the `card_types` parameter). */
export const CARD_TYPES = [
  "IMAGE_APP",
  "IMAGE_CAROUSEL_APP",
  "IMAGE_CAROUSEL_WEBSITE",
  "IMAGE_MULTI_DEST_CAROUSEL_WEBSITE",
  "IMAGE_WEBSITE",
  "MIXED_MEDIA_MULTI_DEST_CAROUSEL_WEBSITE",
  "MIXED_MEDIA_SINGLE_DEST_CAROUSEL_APP",
  "MIXED_MEDIA_SINGLE_DEST_CAROUSEL_WEBSITE",
  "VIDEO_APP",
  "VIDEO_CAROUSEL_APP",
  "VIDEO_CAROUSEL_WEBSITE",
  "VIDEO_MULTI_DEST_CAROUSEL_WEBSITE",
  "VIDEO_WEBSITE",
] as const;

const CARD_URI_PREFIX = "card://";
/** The longest card URI: the prefix and the longest advertising id. */
export const CARD_URI_LENGTH = CARD_URI_PREFIX.length + LIMITS.adsIdLength;

/** spec §2.8: `card://<card_id>`, the card id an advertising id (§2.1). */
export const cardUri = sized(
  z
    .string()
    .max(CARD_URI_LENGTH)
    .regex(/^card:\/\/[A-Za-z0-9_-]+$/, "must be a card URI of the form card://<card_id>"),
  { kind: "id", max: CARD_URI_LENGTH },
);

/**
 * spec §2.8 generic card. The response's `card_type` is not listed by the spec (recordings
 * carry it), so it is open here; only the filter parameter is closed.
 */
export const cardSchema = z.looseObject({
  ...advertisingFields,
  name: z.string().max(LIMITS.creativeName),
  card_uri: cardUri,
  card_type: openEnum(CARD_TYPES).optional(),
  components: z.array(cardComponentSchema).optional(),
  slides: z.array(z.array(cardComponentSchema)).optional(),
});
export type Card = z.output<typeof cardSchema>;

/** spec §2.8 poll card; media polls add video fields whose numbers are strings. */
export const pollCardSchema = z.looseObject({
  ...advertisingFields,
  name: z.string().max(LIMITS.creativeName),
  card_type: openEnum(["VIDEO_POLLS", "TEXT_POLLS"]),
  first_choice: z.string().max(LIMITS.pollChoice),
  second_choice: z.string().max(LIMITS.pollChoice),
  third_choice: z.string().max(LIMITS.pollChoice).optional(),
  fourth_choice: z.string().max(LIMITS.pollChoice).optional(),
  start_time: timestamp,
  end_time: timestamp,
  duration_in_minutes: z.number().int(),
  card_uri: cardUri,
  video_url: z.string().optional(),
  video_hls_url: z.string().optional(),
  video_width: z.string().optional(),
  video_height: z.string().optional(),
  video_poster_url: z.string().optional(),
  video_poster_width: z.string().optional(),
  video_poster_height: z.string().optional(),
  content_duration_seconds: z.string().optional(),
});
export type PollCard = z.output<typeof pollCardSchema>;

/** spec §2.11: conversation cards' response fields are not shown; id and card_uri are implied. */
export const conversationCardSchema = z.looseObject({
  id: adsId,
  name: z.string().optional(),
  card_uri: cardUri.optional(),
});
export type ConversationCard = z.output<typeof conversationCardSchema>;
