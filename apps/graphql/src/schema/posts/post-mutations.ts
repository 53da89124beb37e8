import { builder } from "../../builder.js";
import { EditWindowPassedError, MediaRuleError, ReplyNotAllowedError } from "../../errors/facade-errors.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import { attempt, mutationErrors, payload } from "../../fields/mutations.js";
import { PostRef } from "./post.js";

const DESCRIPTIONS = {
  text: "The post's text; required without media.",
  name: "At most 80 characters.",
  media_keys:
    "Media library keys: up to 4 images, or 1 animated GIF, or 1 video, that the author may " +
    "use (uploaded by them or listing them in additional_owners).",
  media: "Media ids (the digits after `_` of a media key), up to 4.",
};

const create = mutationArgs("posts.create", {
  omit: ["trim_user", "post_mode"],
  describe: {
    ...DESCRIPTIONS,
    as_user_id: "The user to post as (digits): a promotable user of the account.",
    card_uri: "`card://<card_id>` of the account.",
    nullcast: "Promoted-only (default true); false posts organically, as the caller only.",
    video_cta: "With videoCtaValue.",
    video_cta_value: "Where the call to action leads (a URL).",
    video_title: "At most 70 characters.",
    video_description: "At most 200 characters.",
  },
});
const rename = mutationArgs("posts.name.update", {
  describe: { post_id: "The post id (digits).", name: DESCRIPTIONS.name },
});
// spec §4.9: `media: {media_ids}`, `reply: {in_reply_to_post_id}` and `edit_options:
// {previous_post_id}` are asked as their one value, under the names a post's reader knows.
const publish = mutationArgs("post_data.posts.create", {
  omit: ["edit_options"],
  rename: { media: "mediaIds", reply: "replyTo" },
  describe: {
    ...DESCRIPTIONS,
    reply: "The post to answer (digits); allowed only when its author mentioned or quoted you.",
    quote_post_id: "The post to quote (digits).",
    community_id: "Post in this community (digits).",
    share_with_followers: "With communityId: also show the community post to your followers.",
  },
});
const edit = mutationArgs("post_data.posts.create", {
  omit: ["reply", "quote_post_id", "community_id", "share_with_followers"],
  require: ["edit_options"],
  rename: { media: "mediaIds", edit_options: "postId" },
  describe: { ...DESCRIPTIONS, edit_options: "The post (version) to edit." },
});

const CreatePostInput = builder.inputType("CreatePostInput", {
  description:
    "spec §4.7 POST post: a post made through an ad account as one of its promotable users.",
  fields: create.fields,
});

const RenamePostInput = builder.inputType("RenamePostInput", { fields: rename.fields });

const PublishPostInput = builder.inputType("PublishPostInput", {
  description:
    "spec §4.9 POST /2/posts, as the signed-in user: a post, a reply or a quote (text, media, " +
    "or both).",
  fields: publish.fields,
});

const EditPostInput = builder.inputType("EditPostInput", {
  description:
    "spec §4.9 edits: a new version of your own post within an hour of its creation " +
    "(a premium subscription is needed); its text and media are replaced, its links kept.",
  fields: edit.fields,
});

const PostPayload = (name: string, description: string) =>
  payload(name, "post", PostRef, description);

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
        const params = create.params(input);
        const { data } = await upstream.call("posts.create", params);
        return { post: loaders.posts.primeFromAds(data, params.account_id) };
      }, create.fieldOf),
  }),
  renamePost: t.field({
    type: PostPayload("RenamePost", "The post with its new name."),
    description: "Names a post (spec §4.7 PUT posts/:post_id/name).",
    authScopes: { authenticated: true },
    errors: mutationErrors("RenamePost"),
    args: { input: t.arg({ type: RenamePostInput, required: true }) },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const params = rename.params(input);
        const { data } = await upstream.call("posts.name.update", params);
        return { post: loaders.posts.primeFromAds(data, params.account_id) };
      }, rename.fieldOf),
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
        const { data } = await upstream.call("post_data.posts.create", publish.params(input));
        return { post: loaders.posts.primeCreated(data) };
      }, publish.fieldOf),
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
        const params = edit.params(input);
        const { data } = await upstream.call("post_data.posts.create", params);
        // The edited version's history changed: what this request read of it is stale.
        if (params.edit_options) loaders.posts.forget(params.edit_options.previous_post_id);
        return { post: loaders.posts.primeCreated(data) };
      }, edit.fieldOf),
  }),
}));
