import { z } from "zod";
import { flag } from "../fields/booleans.js";
import { enumList, idList } from "../fields/lists.js";
import { text } from "../fields/text.js";
import {
  ACTIVITY_DIRECTIONS,
  ACTIVITY_EVENT_TYPES,
  activityEventSchema,
  activitySubscriptionSchema,
} from "../resources/activity.js";
import { dataPostCreateResultSchema, dataPostsLookupSchema } from "../resources/post-data.js";
import { shareNeedsCommunity } from "../rules/posts.js";
import { digitId } from "../scalars.js";
import { endpoint, group } from "./endpoint.js";
import { rawJson, stream } from "./responses.js";

/**
 * spec §2.12 / §4.9: the post fields, expansions and media fields the spec names. The spec
 * gives them as examples of a larger set it does not show; values outside these are
 * rejected until the spec lists them.
 */
export const POST_FIELDS = [
  "attachments",
  "author_id",
  "context_annotations",
  "conversation_id",
  "created_at",
  "entities",
  "id",
  "in_reply_to_user_id",
  "lang",
  "possibly_sensitive",
  "public_metrics",
  "referenced_tweets",
  "text",
] as const;
export const POST_EXPANSIONS = [
  "attachments.media_keys",
  "author_id",
  "in_reply_to_user_id",
  "referenced_tweets.id",
] as const;
export const MEDIA_FIELDS = ["duration_ms", "media_key", "public_metrics", "type"] as const;

/** spec §4.9 post-data API (bearer) and §6 activity endpoints (host {base_url}, version 2). */
export const postDataEndpoints = group(
  endpoint({
    id: "post_data.posts.lookup",
    method: "GET",
    host: "base",
    version: "2",
    path: "/posts",
    auth: "bearer",
    summary: "Look posts up by id; extra fields and related objects on request.",
    params: {
      ids: idList({ kind: "digits", max: null }),
      "post.fields": enumList(POST_FIELDS).optional(),
      expansions: enumList(POST_EXPANSIONS).optional(),
      "media.fields": enumList(MEDIA_FIELDS).optional(),
    },
    response: rawJson(dataPostsLookupSchema),
  }),
  endpoint({
    id: "post_data.posts.create",
    method: "POST",
    host: "base",
    version: "2",
    path: "/posts",
    auth: "bearer",
    summary: "Create or edit a post (edits: own post, premium, within one hour).",
    params: {
      text: text({ lineBreaks: true }).optional(),
      community_id: text({ min: 1 }).optional(),
      share_with_followers: flag().optional(),
      edit_options: z.strictObject({ previous_post_id: digitId }).optional(),
    },
    // spec §4.9: the body's other fields are not shown.
    openParams: true,
    rules: [shareNeedsCommunity],
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
      event_type: z.enum(ACTIVITY_EVENT_TYPES).optional(),
      filter: z
        .looseObject({
          user_id: digitId.optional(),
          keyword: text({ min: 1 }).optional(),
          direction: z.enum(ACTIVITY_DIRECTIONS).optional(),
        })
        .optional(),
    },
    openParams: true,
    location: "json",
    response: rawJson(activitySubscriptionSchema),
  }),
);
