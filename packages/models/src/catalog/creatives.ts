import { z } from "zod";
import { flag } from "../fields/booleans.js";
import { enumList, idList } from "../fields/lists.js";
import { mediaKeys } from "../fields/media-keys.js";
import { text } from "../fields/text.js";
import { timestampParam } from "../fields/timestamps.js";
import { webUrl } from "../fields/urls.js";
import { LIMITS } from "../limits.js";
import { cardUri } from "../resources/card.js";
import { draftPostSchema } from "../resources/draft-post.js";
import {
  CREATIVE_TYPES,
  accountMediaSchema,
  mediaKey,
  mediaLibraryObjectSchema,
} from "../resources/media.js";
import {
  CONVERSATION_SETTINGS,
  TIMELINE_TYPES,
  VIDEO_CTAS,
  adsPostSchema,
  draftPreviewResultSchema,
  postPreviewSchema,
  postTypeSchema,
  scheduledPostSchema,
} from "../resources/posts.js";
import {
  keepsTextOrMedia,
  scheduledAtAhead,
  textUnlessMedia,
  videoCtaPair,
  videoFieldsNeedVideo,
} from "../rules/posts.js";
import { adsId, digitId } from "../scalars.js";
import { SORTABLE, accountPath, listParams, pagingParams, withDeleted } from "./common-params.js";
import { endpoint, group } from "./endpoint.js";
import { collection, list, single } from "./responses.js";

const accountMediaPath = { ...accountPath, account_media_id: adsId };
// Drafts and scheduled posts are posts (post_previews takes their ids as post ids): digits.
export const draftPath = { ...accountPath, draft_post_id: digitId };
export const scheduledPath = { ...accountPath, scheduled_post_id: digitId };
export const creativeName = text({ min: 1, max: LIMITS.creativeName });
/** A post's text may span lines (spec §2.7). */
export const postText = text({ lineBreaks: true, max: LIMITS.postText });
/** spec §4.7 draft update: an empty card_uri removes the card. */
const cardUriOrEmpty = z.union([z.literal(""), cardUri], {
  error: "must be a card URI of the form card://<card_id>, or empty to remove the card",
});

/** spec §4.7 account media, media library, drafts, scheduled posts, previews and posts. */
export const creativeEndpoints = group(
  endpoint({
    id: "account_media.list",
    method: "GET",
    path: "/accounts/:account_id/account_media",
    capability: "creatives:read",
    lookups: [{ param: "account_media_ids", key: "id" }],
    summary: "Account media.",
    params: {
      ...accountPath,
      account_media_ids: idList().optional(),
      creative_types: enumList(CREATIVE_TYPES).optional(),
      ...listParams(SORTABLE.accountMedia),
    },
    response: list(accountMediaSchema),
  }),
  endpoint({
    id: "account_media.get",
    method: "GET",
    path: "/accounts/:account_id/account_media/:account_media_id",
    capability: "creatives:read",
    summary: "One account media.",
    params: { ...accountMediaPath, ...withDeleted },
    response: single(accountMediaSchema),
  }),
  endpoint({
    id: "account_media.delete",
    method: "DELETE",
    path: "/accounts/:account_id/account_media/:account_media_id",
    capability: "creatives:write",
    summary: "Delete account media.",
    params: accountMediaPath,
    response: single(accountMediaSchema),
  }),
  endpoint({
    id: "media_library.delete",
    method: "DELETE",
    path: "/accounts/:account_id/media_library/:media_key",
    capability: "creatives:write",
    summary: "Delete a media library object; it is returned with deleted=true.",
    params: { ...accountPath, media_key: mediaKey },
    response: single(mediaLibraryObjectSchema),
  }),
  endpoint({
    id: "draft_posts.update",
    method: "PUT",
    path: "/accounts/:account_id/draft_posts/:draft_post_id",
    capability: "creatives:write",
    summary: "Update a draft; an empty card_uri or media_keys removes it.",
    params: (context) => ({
      ...draftPath,
      card_uri: cardUriOrEmpty.optional(),
      media_keys: mediaKeys(context, { allowEmpty: true }).optional(),
      nullcast: flag().optional(),
      text: postText.optional(),
      name: creativeName.optional(),
    }),
    updates: draftPostSchema,
    rules: [keepsTextOrMedia],
    response: single(draftPostSchema),
  }),
  endpoint({
    id: "draft_posts.delete",
    method: "DELETE",
    path: "/accounts/:account_id/draft_posts/:draft_post_id",
    capability: "creatives:write",
    summary: "Delete a draft for good (status DELETED; it cannot be read again).",
    params: draftPath,
    response: single(draftPostSchema),
  }),
  endpoint({
    id: "draft_posts.preview",
    method: "POST",
    path: "/accounts/:account_id/draft_posts/preview/:draft_post_id",
    capability: "creatives:read",
    summary: "Send an on-device preview notification to the caller.",
    params: draftPath,
    response: single(draftPreviewResultSchema),
  }),
  endpoint({
    id: "scheduled_posts.update",
    method: "PUT",
    path: "/accounts/:account_id/scheduled_posts/:scheduled_post_id",
    capability: "creatives:write",
    // The spec shows four parameters and says further ones are not shown; card_uri and
    // media_keys are a draft's (§4.7 draft update), which a scheduled post also carries.
    summary: "Update a scheduled post (an empty card_uri or media_keys removes it).",
    params: (context) => ({
      ...scheduledPath,
      nullcast: flag().optional(),
      scheduled_at: timestampParam().optional(),
      text: postText.optional(),
      name: creativeName.optional(),
      card_uri: cardUriOrEmpty.optional(),
      media_keys: mediaKeys(context, { allowEmpty: true }).optional(),
    }),
    updates: scheduledPostSchema,
    rules: [keepsTextOrMedia, scheduledAtAhead],
    response: single(scheduledPostSchema),
  }),
  endpoint({
    id: "scheduled_posts.delete",
    method: "DELETE",
    path: "/accounts/:account_id/scheduled_posts/:scheduled_post_id",
    capability: "creatives:write",
    summary: "Delete a scheduled post.",
    params: scheduledPath,
    response: single(scheduledPostSchema),
  }),
  endpoint({
    id: "post_previews.list",
    history: false,
    method: "GET",
    path: "/accounts/:account_id/post_previews",
    capability: "creatives:read",
    lookups: [{ param: "post_ids", key: "post_id" }],
    summary: "Iframe previews of posts of one type.",
    params: { ...accountPath, post_ids: idList({ kind: "digits" }), post_type: postTypeSchema },
    response: collection(postPreviewSchema),
  }),
  endpoint({
    id: "posts.list",
    history: false,
    method: "GET",
    path: "/accounts/:account_id/posts",
    capability: "creatives:read",
    lookups: [{ param: "post_ids", key: "id" }],
    summary: "Posts of one type for the account's promotable user.",
    params: {
      ...accountPath,
      post_type: postTypeSchema,
      ...pagingParams(),
      include_mentions_and_replies: flag().optional(),
      name: creativeName.optional(),
      timeline_type: z.enum(TIMELINE_TYPES).optional(),
      trim_user: flag().optional(),
      post_ids: idList({ kind: "digits" }).optional(),
      user_id: digitId.optional(),
    },
    response: list(adsPostSchema),
  }),
  endpoint({
    id: "posts.create",
    history: false,
    method: "POST",
    path: "/accounts/:account_id/post",
    capability: "posts:compose",
    summary: "Create a post as a user (promoted-only unless nullcast=false).",
    params: (context) => ({
      ...accountPath,
      as_user_id: digitId,
      text: postText.optional(),
      card_uri: cardUri.optional(),
      // spec §4.7: needs version 8 or later; absent from the create response.
      conversation_settings: z.enum(CONVERSATION_SETTINGS).optional(),
      media_keys: mediaKeys(context).optional(),
      name: creativeName.optional(),
      nullcast: flag().optional(),
      trim_user: flag().optional(),
      post_mode: z.enum(["compat", "extended"]).optional(),
      video_cta: z.enum(VIDEO_CTAS).optional(),
      // The destination a VISIT_SITE / WATCH_NOW call to action opens.
      video_cta_value: webUrl().optional(),
      video_description: text({ max: LIMITS.videoDescription, lineBreaks: true }).optional(),
      video_title: text({ max: LIMITS.videoTitle }).optional(),
    }),
    rules: [textUnlessMedia, videoCtaPair, videoFieldsNeedVideo],
    response: single(adsPostSchema),
  }),
  endpoint({
    id: "posts.name.update",
    history: false,
    method: "PUT",
    path: "/accounts/:account_id/posts/:post_id/name",
    capability: "creatives:write",
    summary: "Name a post.",
    params: { ...accountPath, post_id: digitId, name: creativeName },
    response: single(adsPostSchema),
  }),
);
