import { builder } from "../builder.js";
import type { FieldNamer } from "../errors/field-violations.js";
import {
  EditWindowPassedError,
  MediaRuleError,
  ReplyNotAllowedError,
} from "../errors/facade-errors.js";
import { CARD_URI_INPUT, DIGIT_ID_INPUT, ID_INPUT } from "../input/input-rules.js";
import { ConversationSettingsEnum, VideoCtaEnum } from "./enums.js";
import { attempt, inputPath, mutationErrors, optional, payload } from "./mutations.js";
import { PostRef } from "./post.js";

const DESCRIPTIONS = {
  text: "The post's text; required without media.",
  name: "At most 80 characters.",
  mediaKeys:
    "Media library keys: up to 4 images, or 1 animated GIF, or 1 video, that the author may " +
    "use (uploaded by them or listing them in additional_owners).",
  mediaIds: "Media ids (the digits after `_` of a media key), up to 4.",
};

const CreatePostInput = builder.inputType("CreatePostInput", {
  description:
    "spec §4.7 POST post: a post made through an ad account as one of its promotable users.",
  fields: (t) => ({
    accountId: t.string({ required: true, ...ID_INPUT }),
    asUserId: t.string({
      required: true,
      ...DIGIT_ID_INPUT,
      description: "The user to post as (digits): a promotable user of the account.",
    }),
    text: t.string({ description: DESCRIPTIONS.text }),
    mediaKeys: t.stringList({ ...ID_INPUT, description: DESCRIPTIONS.mediaKeys }),
    cardUri: t.string({ ...CARD_URI_INPUT, description: "`card://<card_id>` of the account." }),
    name: t.string({ description: DESCRIPTIONS.name }),
    nullcast: t.boolean({
      description: "Promoted-only (default true); false posts organically, as the caller only.",
    }),
    conversationSettings: t.field({ type: ConversationSettingsEnum }),
    videoCta: t.field({ type: VideoCtaEnum, description: "With videoCtaValue." }),
    videoCtaValue: t.string({ description: "Where the call to action leads (a URL)." }),
    videoTitle: t.string({ description: "At most 70 characters." }),
    videoDescription: t.string({ description: "At most 200 characters." }),
  }),
});

const RenamePostInput = builder.inputType("RenamePostInput", {
  fields: (t) => ({
    accountId: t.string({ required: true, ...ID_INPUT }),
    postId: t.string({ required: true, ...DIGIT_ID_INPUT, description: "The post id (digits)." }),
    name: t.string({ required: true, description: DESCRIPTIONS.name }),
  }),
});

const PublishPostInput = builder.inputType("PublishPostInput", {
  description:
    "spec §4.9 POST /2/posts, as the signed-in user: a post, a reply or a quote (text, media, " +
    "or both).",
  fields: (t) => ({
    text: t.string({ description: DESCRIPTIONS.text }),
    mediaIds: t.stringList({ ...DIGIT_ID_INPUT, description: DESCRIPTIONS.mediaIds }),
    replyTo: t.string({
      ...DIGIT_ID_INPUT,
      description:
        "The post to answer (digits); allowed only when its author mentioned or quoted you.",
    }),
    quotePostId: t.string({ ...DIGIT_ID_INPUT, description: "The post to quote (digits)." }),
    communityId: t.string({ ...DIGIT_ID_INPUT, description: "Post in this community (digits)." }),
    shareWithFollowers: t.boolean({
      description: "With communityId: also show the community post to your followers.",
    }),
  }),
});

const EditPostInput = builder.inputType("EditPostInput", {
  description:
    "spec §4.9 edits: a new version of your own post within an hour of its creation " +
    "(a premium subscription is needed); its text and media are replaced, its links kept.",
  fields: (t) => ({
    postId: t.string({
      required: true,
      ...DIGIT_ID_INPUT,
      description: "The post (version) to edit.",
    }),
    text: t.string({ description: DESCRIPTIONS.text }),
    mediaIds: t.stringList({ ...DIGIT_ID_INPUT, description: DESCRIPTIONS.mediaIds }),
  }),
});

const PostPayload = (name: string, description: string) =>
  payload(name, "post", PostRef, description);

const adsFields = inputPath();

/** The post-data API's nested wire parameters as the flat input fields they come from. */
const POST_DATA_FIELDS: readonly (readonly [wire: string, field: string])[] = [
  ["media.media_ids", "mediaIds"],
  ["media", "mediaIds"],
  ["reply.in_reply_to_post_id", "replyTo"],
  ["reply", "replyTo"],
  ["edit_options.previous_post_id", "postId"],
  ["edit_options", "postId"],
];
const postDataFields: FieldNamer = (parameter) => {
  for (const [wire, field] of POST_DATA_FIELDS) {
    if (parameter === wire || parameter.startsWith(`${wire}[`)) {
      return field + parameter.slice(wire.length);
    }
  }
  return adsFields(parameter);
};

const media = (ids: readonly string[] | null | undefined) =>
  ids == null ? undefined : { media_ids: [...ids] };

builder.mutationFields((t) => ({
  createPost: t.field({
    type: PostPayload("CreatePost", "The new post."),
    description:
      "Creates a post through an ad account as one of its promotable users (spec §4.7 POST " +
      "post; promoted-only unless nullcast is false). Checked against the spec's rules before " +
      "sending.",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreatePost", [MediaRuleError]),
    args: { input: t.arg({ type: CreatePostInput, required: true }) },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const { data } = await upstream.call("posts.create", {
          account_id: input.accountId,
          as_user_id: input.asUserId,
          text: optional(input.text),
          media_keys: optional(input.mediaKeys),
          card_uri: optional(input.cardUri),
          name: optional(input.name),
          nullcast: optional(input.nullcast),
          conversation_settings: optional(input.conversationSettings),
          video_cta: optional(input.videoCta),
          video_cta_value: optional(input.videoCtaValue),
          video_title: optional(input.videoTitle),
          video_description: optional(input.videoDescription),
        });
        return { post: loaders.posts.primeFromAds(data, input.accountId) };
      }, adsFields),
  }),
  renamePost: t.field({
    type: PostPayload("RenamePost", "The post with its new name."),
    description: "Names a post (spec §4.7 PUT posts/:post_id/name).",
    authScopes: { authenticated: true },
    errors: mutationErrors("RenamePost"),
    args: { input: t.arg({ type: RenamePostInput, required: true }) },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const { data } = await upstream.call("posts.name.update", {
          account_id: input.accountId,
          post_id: input.postId,
          name: input.name,
        });
        return { post: loaders.posts.primeFromAds(data, input.accountId) };
      }, adsFields),
  }),
  publishPost: t.field({
    type: PostPayload("PublishPost", "The new post (its other fields are read on request)."),
    description:
      "Publishes a post, a reply or a quote as the signed-in user through the post-data API " +
      "(spec §4.9 POST /2/posts).",
    authScopes: { authenticated: true },
    errors: mutationErrors("PublishPost", [MediaRuleError, ReplyNotAllowedError]),
    args: { input: t.arg({ type: PublishPostInput, required: true }) },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const { data } = await upstream.call("post_data.posts.create", {
          text: optional(input.text),
          media: media(input.mediaIds),
          reply: input.replyTo == null ? undefined : { in_reply_to_post_id: input.replyTo },
          quote_post_id: optional(input.quotePostId),
          community_id: optional(input.communityId),
          share_with_followers: optional(input.shareWithFollowers),
        });
        return { post: loaders.posts.primeCreated(data) };
      }, postDataFields),
  }),
  editPost: t.field({
    type: PostPayload("EditPost", "The new version (the post's id changes with each edit)."),
    description:
      "Edits your own post within an hour of its creation (spec §4.9, §8; premium): a new " +
      "version with the new text and media replaces it.",
    authScopes: { authenticated: true },
    errors: mutationErrors("EditPost", [MediaRuleError, EditWindowPassedError]),
    args: { input: t.arg({ type: EditPostInput, required: true }) },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const { data } = await upstream.call("post_data.posts.create", {
          text: optional(input.text),
          media: media(input.mediaIds),
          edit_options: { previous_post_id: input.postId },
        });
        // The edited version's history changed: what this request read of it is stale.
        loaders.posts.forget(input.postId);
        return { post: loaders.posts.primeCreated(data) };
      }, postDataFields),
  }),
}));
