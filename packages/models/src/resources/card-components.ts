import { z } from "zod";
import { checkAppDestination, checkSwipeableCount } from "../rules/card-components.js";
import { WHEN_OBJECT } from "../fields/issue.js";
import { text } from "../fields/text.js";
import { appLink, webUrl } from "../fields/urls.js";
import { mediaKey } from "./media.js";

/** spec §2.8: label `type` must be ENUM with one of these values. */
export const LABEL_VALUES = [
  "BOOK",
  "CONNECT",
  "INSTALL",
  "OPEN",
  "ORDER",
  "PLAY",
  "SHOP",
] as const;

export const labelSchema = z.looseObject({
  type: z.literal("ENUM"),
  value: z.enum(LABEL_VALUES),
});

/** spec §2.8: `url` required; only a web address (http/https) can be a website destination. */
export const websiteDestinationSchema = z.looseObject({
  type: z.literal("WEBSITE"),
  url: webUrl(),
});

/** A store identifier: one line of text (a package name, an App Store id). */
const storeId = text({ min: 1 });

/**
 * spec §2.8: country code, at least one store id, deep links only beside their store id.
 * Deep links are app-scheme URIs (`myapp://item/1`), never javascript:, data:, vbscript:, file:.
 */
export const appDestinationSchema = z
  .looseObject({
    type: z.literal("APP"),
    country_code: z.string().regex(/^[A-Z]{2}$/, "must be an ISO 3166-1 alpha-2 code such as US"),
    googleplay_app_id: storeId.optional(),
    ios_app_store_identifier: storeId.optional(),
    googleplay_deep_link: appLink().optional(),
    ios_deep_link: appLink().optional(),
  })
  .superRefine(checkAppDestination, WHEN_OBJECT);

export const mediaComponentSchema = z.looseObject({
  type: z.literal("MEDIA"),
  media_key: mediaKey,
});

export const swipeableMediaComponentSchema = z.looseObject({
  type: z.literal("SWIPEABLE_MEDIA"),
  media_keys: z.array(mediaKey).superRefine(checkSwipeableCount),
});

export const detailsComponentSchema = z.looseObject({
  type: z.literal("DETAILS"),
  title: text(),
  destination: websiteDestinationSchema,
});

export const buttonComponentSchema = z.looseObject({
  type: z.literal("BUTTON"),
  label: labelSchema,
  destination: appDestinationSchema,
});

/** spec §2.8: the four component types; the table is closed. */
export const cardComponentSchema = z.discriminatedUnion("type", [
  mediaComponentSchema,
  swipeableMediaComponentSchema,
  detailsComponentSchema,
  buttonComponentSchema,
]);
export type CardComponent = z.output<typeof cardComponentSchema>;

export const COMPONENT_TYPES = ["MEDIA", "SWIPEABLE_MEDIA", "DETAILS", "BUTTON"] as const;
