import { z } from "zod";
import { flag } from "../fields/booleans.js";
import { mediaKeys } from "../fields/media-keys.js";
import { integer } from "../fields/numbers.js";
import { cursor } from "../fields/opaque.js";
import { text } from "../fields/text.js";
import { timestampParam } from "../fields/timestamps.js";
import { LIMITS } from "../limits.js";
import { cardUri } from "../resources/card.js";
import { draftPostSchema } from "../resources/draft-post.js";
import { MEDIA_TYPES, mediaKey, mediaLibraryObjectSchema } from "../resources/media.js";
import { scheduledPostSchema } from "../resources/posts.js";
import { scheduledAtAhead, textUnlessMedia } from "../rules/posts.js";
import { digitId } from "../scalars.js";
import { accountPath, nameQuery, withDeleted } from "./common-params.js";
import { creativeName, draftPath, postText, scheduledPath } from "./creatives.js";
import { endpoint, group } from "./endpoint.js";
import { list, single } from "./responses.js";

/**
 * Why these endpoints exist although spec §4.7 says "List and create calls for scheduled posts
 * and drafts … not shown" and §4.2 leaves media library upload out: issue 33's workflow lists
 * and writes them as the vendor's official SDK does. Paths, parameters and page sizes follow
 * the vendor's public v12 Ads API reference (draft_tweets, scheduled_tweets, media_library).
 */
const DRAFTS_BEYOND_SPEC =
  "issue 33: §4.7 shows no list, read or create of drafts; vendor v12 Ads API reference, draft_tweets";
const SCHEDULED_BEYOND_SPEC =
  "issue 33: §4.7 shows no list, read or create of scheduled posts; vendor v12 Ads API reference, scheduled_tweets";
const LIBRARY_BEYOND_SPEC =
  "issue 33: §4.7 shows only the media library DELETE; vendor v12 Ads API reference, media_library";

const libraryPath = { ...accountPath, media_key: mediaKey };

/** What a library object is named and described with (vendor v12 POST and PUT media_library). */
const libraryFields = {
  name: text({ min: 1, max: LIMITS.mediaLibraryName }).optional(),
  file_name: text({ min: 1, max: LIMITS.mediaFileName }).optional(),
  // The vendor's: shown under a video when posted.
  title: text({ max: LIMITS.videoTitle }).optional(),
  description: text({ max: LIMITS.videoDescription, lineBreaks: true }).optional(),
  poster_media_key: mediaKey.optional(),
};

/**
 * A library object as a client reads it: the service also answers its pixel size (ads-api's
 * presenter), and the vendor's SDK `update()` sends back every field it read (update rule).
 */
const libraryObjectAsRead = mediaLibraryObjectSchema.extend({
  width: z.number().int(),
  height: z.number().int(),
});

/** vendor v12 draft_tweets / scheduled_tweets lists: no sort, no total, the author's posts. */
const unpublishedListParams = {
  ...accountPath,
  count: integer(LIMITS.unpublishedPostsCount).optional(),
  cursor: cursor.optional(),
  // The vendor's default: the account's FULL promotable user.
  user_id: digitId.optional(),
};

/** What a draft or scheduled post is written with (vendor v12 POST draft_tweets). */
const unpublishedFields = (context: Parameters<typeof mediaKeys>[0]) => ({
  ...accountPath,
  as_user_id: digitId,
  text: postText.optional(),
  card_uri: cardUri.optional(),
  media_keys: mediaKeys(context).optional(),
  nullcast: flag().optional(),
  name: creativeName.optional(),
});

/**
 * Beyond the spec: media library list, read, add and update; drafts and scheduled posts list,
 * read and create.
 */
export const draftAndLibraryEndpoints = group(
  endpoint({
    id: "media_library.list",
    method: "GET",
    path: "/accounts/:account_id/media_library",
    capability: "creatives:read",
    summary:
      "Media library objects of the account, newest first; q matches name, title, file name or description.",
    params: {
      ...accountPath,
      count: integer(LIMITS.mediaLibraryCount).optional(),
      cursor: cursor.optional(),
      media_type: z.enum(MEDIA_TYPES).optional(),
      ...nameQuery,
      // spec §2.1: lists omit deleted items unless with_deleted=true.
      ...withDeleted,
    },
    response: list(mediaLibraryObjectSchema),
    beyondSpec: LIBRARY_BEYOND_SPEC,
  }),
  endpoint({
    id: "media_library.get",
    method: "GET",
    path: "/accounts/:account_id/media_library/:media_key",
    capability: "creatives:read",
    summary: "One media library object.",
    params: { ...libraryPath, ...withDeleted },
    response: single(mediaLibraryObjectSchema),
    beyondSpec: LIBRARY_BEYOND_SPEC,
  }),
  endpoint({
    id: "media_library.create",
    method: "POST",
    path: "/accounts/:account_id/media_library",
    capability: "creatives:write",
    summary: "Add an uploaded medium to the account's media library, by its media key.",
    params: { ...libraryPath, ...libraryFields },
    response: single(mediaLibraryObjectSchema),
    beyondSpec: LIBRARY_BEYOND_SPEC,
  }),
  endpoint({
    id: "media_library.update",
    method: "PUT",
    path: "/accounts/:account_id/media_library/:media_key",
    capability: "creatives:write",
    summary:
      "Rename or redescribe a media library object, or change a video's poster; the other fields may come back as read.",
    params: { ...libraryPath, ...libraryFields },
    updates: libraryObjectAsRead,
    response: single(mediaLibraryObjectSchema),
    beyondSpec: LIBRARY_BEYOND_SPEC,
  }),
  endpoint({
    id: "draft_posts.list",
    method: "GET",
    path: "/accounts/:account_id/draft_posts",
    capability: "creatives:read",
    summary: "Drafts of one promotable user made through the account, newest first.",
    params: unpublishedListParams,
    response: list(draftPostSchema),
    beyondSpec: DRAFTS_BEYOND_SPEC,
  }),
  endpoint({
    id: "draft_posts.get",
    method: "GET",
    path: "/accounts/:account_id/draft_posts/:draft_post_id",
    capability: "creatives:read",
    summary: "One draft.",
    params: draftPath,
    response: single(draftPostSchema),
    beyondSpec: DRAFTS_BEYOND_SPEC,
  }),
  endpoint({
    id: "draft_posts.create",
    method: "POST",
    path: "/accounts/:account_id/draft_posts",
    capability: "creatives:write",
    summary: "Write a draft as one of the account's promotable users (promoted-only by default).",
    params: unpublishedFields,
    rules: [textUnlessMedia],
    response: single(draftPostSchema),
    beyondSpec: DRAFTS_BEYOND_SPEC,
  }),
  endpoint({
    id: "scheduled_posts.list",
    method: "GET",
    path: "/accounts/:account_id/scheduled_posts",
    capability: "creatives:read",
    summary: "Scheduled posts of one promotable user still waiting for their time, newest first.",
    params: unpublishedListParams,
    response: list(scheduledPostSchema),
    beyondSpec: SCHEDULED_BEYOND_SPEC,
  }),
  endpoint({
    id: "scheduled_posts.get",
    method: "GET",
    path: "/accounts/:account_id/scheduled_posts/:scheduled_post_id",
    capability: "creatives:read",
    summary: "One scheduled post still waiting for its time.",
    params: scheduledPath,
    response: single(scheduledPostSchema),
    beyondSpec: SCHEDULED_BEYOND_SPEC,
  }),
  endpoint({
    id: "scheduled_posts.create",
    method: "POST",
    path: "/accounts/:account_id/scheduled_posts",
    // The vendor's scheduled-post guide: it publishes by itself, so it needs a post composer.
    capability: "posts:compose",
    summary: "Schedule a post of one of the account's promotable users for a future time.",
    params: (context) => ({ ...unpublishedFields(context), scheduled_at: timestampParam() }),
    rules: [textUnlessMedia, scheduledAtAhead],
    response: single(scheduledPostSchema),
    beyondSpec: SCHEDULED_BEYOND_SPEC,
  }),
);
