import { z } from "zod";
import { activityEventType } from "../fields/activity-event-type.js";
import { flag } from "../fields/booleans.js";
import { enumList, idList } from "../fields/lists.js";
import { text } from "../fields/text.js";
import {
  ACTIVITY_DIRECTIONS,
  activityEventSchema,
  activitySubscriptionAnswerSchema,
  activitySubscriptionListSchema,
} from "../resources/activity.js";
import {
  dataPostCreateResultSchema,
  dataPostGetSchema,
  dataPostsLookupSchema,
} from "../resources/post-data.js";
import { LIMITS } from "../limits.js";
import { directionNeedsUser } from "../rules/activity.js";
import { editKeepsLinks, shareNeedsCommunity, textOrMedia } from "../rules/posts.js";
import { digitId } from "../scalars.js";
import { endpoint, group } from "./endpoint.js";
import { rawJson, stream } from "./responses.js";

/**
 * spec §2.12 / §4.9: the post fields, expansions and media fields the spec names. The spec
 * gives them as examples of a larger set it does not show; values outside these are
 * rejected (a 400 naming them) until the spec lists them. `edit_history_post_ids` is the one
 * addition: §4.9's edits make versions, and a reader needs to tell them apart.
 */
export const POST_FIELDS = [
  "attachments",
  "author_id",
  "context_annotations",
  "conversation_id",
  "created_at",
  "edit_history_post_ids",
  "entities",
  "id",
  "in_reply_to_user_id",
  "lang",
  "possibly_sensitive",
  "public_metrics",
  "referenced_tweets",
  "text",
] as const;
export type PostField = (typeof POST_FIELDS)[number];
/**
 * What each expansion adds under `includes`: media of `attachments.media_keys`, users of
 * `author_id` and `in_reply_to_user_id`, posts of `referenced_tweets.id`.
 */
export const POST_EXPANSIONS = [
  "attachments.media_keys",
  "author_id",
  "in_reply_to_user_id",
  "referenced_tweets.id",
] as const;
export type PostExpansion = (typeof POST_EXPANSIONS)[number];
/** spec §2.12 media fields, and the size and address every media object has. */
export const MEDIA_FIELDS = [
  "duration_ms",
  "height",
  "media_key",
  "preview_image_url",
  "public_metrics",
  "type",
  "url",
  "width",
] as const;
export type MediaField = (typeof MEDIA_FIELDS)[number];
/** spec §2.12: "full user schemas: not shown"; what a user of this service has. */
export const USER_FIELDS = ["created_at", "id", "name", "username"] as const;
export type UserField = (typeof USER_FIELDS)[number];

/** spec §4.9 POST /2/posts `media`: media library objects by the id part of their key. */
const postMedia = z.strictObject({
  media_ids: z
    .array(digitId)
    .min(1, "must list at least one media id")
    .max(LIMITS.mediaPerPost.image, `may hold at most ${LIMITS.mediaPerPost.image} media`),
});

/** spec §4.9: a reply names the post it answers. */
const postReply = z.strictObject({ in_reply_to_post_id: digitId });

/**
 * spec §6 shows only the create of subscriptions; list and delete are its natural complement
 * (issue 18), so that an app can see and end what it subscribed to.
 */
const ACTIVITY_BEYOND_SPEC =
  "issue 18: §6 subscriptions need a list and a delete beside POST /2/activity/subscriptions";

/** What a post read may ask for besides the posts: the same for one post and for many. */
const POST_SELECTION = {
  "post.fields": enumList(POST_FIELDS).optional(),
  expansions: enumList(POST_EXPANSIONS).optional(),
  "media.fields": enumList(MEDIA_FIELDS).optional(),
  "user.fields": enumList(USER_FIELDS).optional(),
};

/**
 * spec §5 shows the post-data reads with `Authorization: Bearer`; the vendor's v2 post lookups
 * take OAuth 1.0a user context as well, and clients written for it sign them as the user
 * (issue 33). Public posts: the same answer whoever asks.
 */
const POST_READ_AUTH = "bearer-or-user";

/**
 * spec §4.9 post-data API (bearer or user for reads, user context for writes) and §6 activity
 * endpoints.
 */
export const postDataEndpoints = group(
  endpoint({
    id: "post_data.posts.lookup",
    history: false,
    method: "GET",
    host: "base",
    version: "2",
    path: "/posts",
    lookups: [{ param: "ids", key: "id" }],
    auth: POST_READ_AUTH,
    summary: "Look posts up by id; extra fields and related objects on request.",
    params: {
      ids: idList({ kind: "digits", max: LIMITS.postLookupIds }),
      ...POST_SELECTION,
    },
    response: rawJson(dataPostsLookupSchema),
  }),
  endpoint({
    id: "post_data.posts.get",
    history: false,
    method: "GET",
    host: "base",
    version: "2",
    // The vendor's path parameter name, which its not-found answer names (`parameter: "id"`).
    path: "/posts/:id",
    auth: POST_READ_AUTH,
    summary: "One post by id; extra fields and related objects on request.",
    params: { id: digitId, ...POST_SELECTION },
    response: rawJson(dataPostGetSchema),
    beyondSpec:
      "issue 33: the vendor's v2 reference GET /2/tweets/:id (twitter-api-v2's singleTweet); §4.9 lists only the lookup by ids",
  }),
  endpoint({
    id: "post_data.posts.create",
    history: false,
    method: "POST",
    host: "base",
    version: "2",
    path: "/posts",
    // A post has an author: user context (OAuth 1.0a with the user's access token).
    auth: "oauth1-user",
    summary: "Create, reply to, quote or edit a post (edits: own post, premium, within one hour).",
    params: {
      text: text({ lineBreaks: true, max: LIMITS.postText }).optional(),
      media: postMedia.optional(),
      reply: postReply.optional(),
      quote_post_id: digitId.optional(),
      community_id: digitId.optional(),
      share_with_followers: flag().optional(),
      edit_options: z.strictObject({ previous_post_id: digitId }).optional(),
    },
    rules: [textOrMedia, shareNeedsCommunity, editKeepsLinks],
    location: "json",
    response: rawJson(dataPostCreateResultSchema),
  }),
  endpoint({
    id: "activity.stream",
    method: "GET",
    host: "base",
    version: "2",
    path: "/activity/stream",
    // spec §5: Account Activity takes OAuth 2.0 or OAuth 1.0a user context.
    auth: "bearer-or-oauth1",
    summary: "Persistent stream of activity events for the app's subscriptions.",
    params: {
      // Beyond the spec (it shows no parameters): resume after a disconnect with the events
      // stored after this one, so nothing is lost (issue 18).
      since_id: digitId.optional(),
    },
    response: stream(activityEventSchema),
  }),
  endpoint({
    id: "activity.subscriptions.create",
    method: "POST",
    host: "base",
    version: "2",
    path: "/activity/subscriptions",
    // spec §5: OAuth 2.0 (scopes) or OAuth 1.0a, whose permissions then govern.
    auth: "bearer-or-oauth1",
    summary: "Subscribe to activity events, filtered by user id, keyword or direction.",
    params: {
      // spec §6: the body is not shown; these fields are named after the filters it lists.
      event_type: activityEventType().optional(),
      // Strict (issue 34): a misspelled filter key would otherwise leave an empty filter, a
      // subscription to every event.
      filter: z
        .strictObject({
          user_id: digitId.optional(),
          keyword: text({ min: 1 }).optional(),
          direction: z.enum(ACTIVITY_DIRECTIONS).optional(),
        })
        .optional(),
    },
    rules: [directionNeedsUser],
    openParams: true,
    location: "json",
    response: rawJson(activitySubscriptionAnswerSchema),
  }),
  endpoint({
    id: "activity.subscriptions.list",
    method: "GET",
    host: "base",
    version: "2",
    path: "/activity/subscriptions",
    auth: "bearer-or-oauth1",
    summary: "The app's activity subscriptions, oldest first.",
    params: {},
    response: rawJson(activitySubscriptionListSchema),
    beyondSpec: ACTIVITY_BEYOND_SPEC,
  }),
  endpoint({
    id: "activity.subscriptions.delete",
    method: "DELETE",
    host: "base",
    version: "2",
    path: "/activity/subscriptions/:subscription_id",
    auth: "bearer-or-oauth1",
    summary: "Remove one of the app's activity subscriptions.",
    params: { subscription_id: digitId },
    response: rawJson(activitySubscriptionAnswerSchema),
    beyondSpec: ACTIVITY_BEYOND_SPEC,
  }),
);
