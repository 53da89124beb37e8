import { CONVERSATION_SETTINGS, VIDEO_CTAS, VIOLATION_CODES } from "@adsgraph/models";
import type { DataUser, PostReference } from "@adsgraph/models";
import type { GraphQLResolveInfo } from "graphql";
import { builder } from "../../builder.js";
import type { GraphQLContext } from "../../context.js";
import {
  ValidationError,
  EditWindowPassedError,
  MediaRuleError,
  ReplyNotAllowedError,
} from "../../errors/facade-errors.js";
import { DIGIT_ID_INPUT } from "../../input/input-rules.js";
import { postTime, PostRecord } from "../../loaders/post-shapes.js";
import type { PostMediaShape } from "../../loaders/post-shapes.js";
import { AccountRef } from "../accounts/account.js";
import { AccountPostInterface } from "./account-post.js";
import { SMALL_LIST } from "../../fields/connections.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import { attempt, mutationErrors, payload } from "../../fields/mutations.js";
import { ConversationSettingsEnum, knownValue, VideoCtaEnum } from "../common/enums.js";
import { PostEntitiesRef, PostMediaRef, PostPublicMetricsRef, UserRef } from "./post-parts.js";
import { fieldNeeds, selectionNeeds } from "../../fields/post-selection.js";
import { serves } from "../../fields/serves.js";
import { requiredObservedFields } from "../../fields/observed-fields.js";
import { ReferencedPostType } from "../common/observed-enums.js";
import { callRule, fetchedBy } from "../../cost/fetch-rule.js";

export const PostRef = builder.objectRef<PostRecord>("Post");

/** Ids one `Query.posts` may name: 5 post-data lookups of 100. */
export const POSTS_QUERY_MAX_IDS = 500;

type MaybePromise<T> = T | Promise<T>;

/**
 * `read` of the post once the field being resolved has what it needs of the post-data API (the
 * selection rule in fields/post-selection.ts): at once, without a promise, when the post already
 * holds it (an earlier lookup, the advertising list); else through the request's batched
 * lookup loader.
 */
function withNeeds<T>(
  post: PostRecord,
  { loaders }: GraphQLContext,
  info: GraphQLResolveInfo,
  read: (post: PostRecord) => T,
): MaybePromise<T> {
  const ready = loaders.posts.ensure(post, fieldNeeds(info));
  return ready instanceof Promise ? ready.then(read) : read(ready);
}

const then = <T, U>(
  value: MaybePromise<T>,
  next: (value: T) => MaybePromise<U>,
): MaybePromise<U> => (value instanceof Promise ? value.then(next) : next(value));

/** The id of the post this one references as `type` (`replied_to`, `quoted`), or null. */
const referenced = (post: PostRecord, type: string): string | null =>
  post.data.referenced_tweets?.find((ref) => ref.type === type)?.id ?? null;

/**
 * The post this one replies to: the advertising list says it (`in_reply_to_post_id`) when it
 * read the post; else the post-data API's `referenced_tweets`.
 */
function replyIdOf(
  post: PostRecord,
  context: GraphQLContext,
  info: GraphQLResolveInfo,
): MaybePromise<string | null> {
  const ads = post.ads;
  if (ads?.in_reply_to_post_id !== undefined) return ads.in_reply_to_post_id;
  return withNeeds(post, context, info, (p) => referenced(p, "replied_to"));
}

/** A referenced post, read with the selection below the field (`path` from it). */
function loadPost(
  id: string | null,
  { loaders }: GraphQLContext,
  info: GraphQLResolveInfo,
  path: readonly string[] = [],
): MaybePromise<PostRecord | null> {
  return id === null ? null : loaders.posts.load(id, selectionNeeds(info, path));
}

/** Loaded posts with each failure as a rejected item: null with its error at its own index. */
const itemsOf = (posts: readonly (PostRecord | Error)[]): MaybePromise<PostRecord>[] =>
  posts.map((post) => (post instanceof Error ? Promise.reject(post) : post));

const userOf = (context: GraphQLContext, id: string | undefined): DataUser | null =>
  id === undefined ? null : (context.loaders.posts.user(id) ?? { id });

/** A link to another post (`referenced_tweets`: replied_to, quoted, retweeted). */
interface ReferenceValue {
  readonly reference: PostReference;
}

const ReferencedPostRef = builder.objectRef<ReferenceValue>("ReferencedPost").implement({
  description: "Another post this one replies to, quotes or reposts.",
  fields: (t) => ({
    ...requiredObservedFields(t, "type", {
      enum: ReferencedPostType,
      description: "How this post refers to the other one: replies to, quotes or reposts it.",
      resolve: (r) => r.reference.type,
    }),
    postId: t.string({
      description: "The other post's id in the ads service (digits).",
      resolve: (r) => r.reference.id,
    }),
    post: t.field({
      type: PostRef,
      nullable: true,
      description: "The other post; null, with a NOT_FOUND error, when it no longer exists.",
      resolve: (r, _args, context, info) => loadPost(r.reference.id, context, info),
    }),
  }),
});

/**
 * A post `node`/`nodes` could not read. The relay plugin awaits every id's load together, so a
 * rejection would fail the whole `nodes` list: the failure travels as this value instead, and
 * `Post.isTypeOf` raises it when the item is completed (null with its error at its index).
 */
class UnreadPost extends PostRecord {
  readonly error: Error;

  constructor(id: string, error: unknown) {
    super(id);
    this.error = error instanceof Error ? error : new Error(String(error));
  }
}

const adsField = <T>(value: T | null | undefined): T | null => value ?? null;

builder.node(PostRef, {
  description:
    "A published post. Its `id` is the post's own: a post belongs to no ad account. Its name, " +
    "promoted-only flag, card, reply settings and video call to action are known only when " +
    "an account's `posts` list returned it: they are null for a post fetched by id " +
    "(`Query.posts`, `node`).",
  interfaces: [AccountPostInterface],
  id: {
    description: "The post's global id: give it to `node(id:)` to read the post again.",
    resolve: (p) => p.id,
  },
  isTypeOf: (value) => {
    // A post node(s) could not read fails here, on its own path (see UnreadPost).
    if (value instanceof UnreadPost) throw value.error;
    return value instanceof PostRecord;
  },
  // With its info (the selection's needs); the other node types load without one.
  loadWithoutCache: async (id, { loaders }, info) => {
    try {
      return await loaders.posts.load(id, selectionNeeds(info));
    } catch (error) {
      return new UnreadPost(id, error);
    }
  },
  fields: (t) => ({
    rawId: t.string({
      description:
        "The post's id in the ads service: digits in a string (it can exceed 2^53); what " +
        "`Query.posts(ids:)` takes.",
      resolve: (p) => p.id,
    }),
    text: t.string({
      description: "The post's text; empty when it has only media.",
      resolve: (p) => p.data.text ?? "",
    }),
    name: t.string({
      nullable: true,
      description:
        "The post's name (at most 80 characters); null when it has none, or " +
        "null for a post fetched by id.",
      resolve: (p) => adsField(p.ads?.name),
    }),
    nullcast: t.boolean({
      nullable: true,
      description:
        "True for a promoted-only post: shown only as an ad, not on the author's timeline; " +
        "null for a post fetched by id.",
      resolve: (p) => adsField(p.ads?.nullcast),
    }),
    cardUri: t.string({
      nullable: true,
      description:
        "The attached card, as `card://<card id>`; null when none, or null for a post fetched by id.",
      resolve: (p) => adsField(p.ads?.card_uri),
    }),
    conversationSettings: t.field({
      type: ConversationSettingsEnum,
      nullable: true,
      description: "Who may reply; null for a post fetched by id.",
      resolve: (p) => knownValue(CONVERSATION_SETTINGS, p.ads?.conversation_settings),
    }),
    videoCta: t.field({
      type: VideoCtaEnum,
      nullable: true,
      description:
        "The call-to-action button under the post's video; null when none, or null for a post fetched by id.",
      resolve: (p) => knownValue(VIDEO_CTAS, p.ads?.video_cta),
    }),
    videoCtaValue: t.string({
      nullable: true,
      description:
        "Where the call to action leads (a URL); null when none, or null for a post fetched by id.",
      resolve: (p) => adsField(p.ads?.video_cta_value),
    }),
    videoTitle: t.string({
      nullable: true,
      description:
        "The video's title (at most 70 characters); null when none, or null for a post fetched by id.",
      resolve: (p) => adsField(p.ads?.video_title),
    }),
    videoDescription: t.string({
      nullable: true,
      description:
        "The video's description (at most 200 characters); null when none, or null for a post fetched by id.",
      resolve: (p) => adsField(p.ads?.video_description),
    }),
    updatedAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "When the post was last changed; null for a post fetched by id.",
      resolve: (p) => postTime(p.ads?.updated_at),
    }),
    createdAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "When the post was published; null when unknown.",
      resolve: (p, _args, context, info) =>
        withNeeds(p, context, info, (post) => postTime(post.data.created_at)),
    }),
    authorId: t.string({
      nullable: true,
      description: "The author's user id (digits); null when unknown.",
      resolve: (p, _args, context, info) =>
        withNeeds(p, context, info, (post) => post.data.author_id ?? null),
    }),
    author: t.field({
      type: UserRef,
      nullable: true,
      description: "The user who published the post; null when unknown.",
      resolve: (p, _args, context, info) =>
        withNeeds(p, context, info, (post) => userOf(context, post.data.author_id)),
    }),
    mediaKeys: t.stringList({
      nullable: true,
      description:
        "Media library keys (`<digits>_<digits>`) of the attached images, GIF or video, in " +
        "order; empty when it has none.",
      resolve: (p, _args, context, info) =>
        withNeeds(p, context, info, (post) => [...(post.data.attachments?.media_keys ?? [])]),
    }),
    media: t.field({
      type: [PostMediaRef],
      nullable: true,
      complexity: SMALL_LIST,
      description: "The attached images, GIF or video, in order; empty when it has none.",
      resolve: (p, _args, context, info) =>
        withNeeds(p, context, info, (post) =>
          (post.data.attachments?.media_keys ?? []).map(
            (key): PostMediaShape => context.loaders.posts.media(key) ?? { media_key: key },
          ),
        ),
    }),
    publicMetrics: t.field({
      type: PostPublicMetricsRef,
      nullable: true,
      description: "Reposts, replies, likes and quotes so far; null when unknown.",
      resolve: (p, _args, context, info) =>
        withNeeds(p, context, info, (post) => post.data.public_metrics ?? null),
    }),
    entities: t.field({
      type: PostEntitiesRef,
      nullable: true,
      description: "The @mentions, #hashtags and URLs in the text, with their positions.",
      resolve: (p, _args, context, info) =>
        withNeeds(p, context, info, (post) => post.data.entities ?? {}),
    }),
    conversationId: t.string({
      nullable: true,
      description:
        "The id (digits) of the post that starts this post's thread: its own id when it starts " +
        "one; null when unknown.",
      resolve: (p, _args, context, info) =>
        withNeeds(p, context, info, (post) => post.data.conversation_id ?? null),
    }),
    lang: t.string({
      nullable: true,
      description: "The language of the text, as a BCP 47 tag (e.g. `en`); null when unknown.",
      resolve: (p, _args, context, info) =>
        withNeeds(p, context, info, (post) => post.data.lang ?? null),
    }),
    possiblySensitive: t.boolean({
      nullable: true,
      description:
        "True when the post's links or media may be sensitive (show a warning first); null " +
        "when unknown.",
      resolve: (p, _args, context, info) =>
        withNeeds(p, context, info, (post) => post.data.possibly_sensitive ?? null),
    }),
    inReplyToUserId: t.string({
      nullable: true,
      description: "The id (digits) of the user this post replies to; null when it is no reply.",
      resolve: (p, _args, context, info) =>
        withNeeds(p, context, info, (post) => post.data.in_reply_to_user_id ?? null),
    }),
    inReplyToUser: t.field({
      type: UserRef,
      nullable: true,
      description: "The user this post replies to; null when it is no reply.",
      resolve: (p, _args, context, info) =>
        withNeeds(p, context, info, (post) => userOf(context, post.data.in_reply_to_user_id)),
    }),
    inReplyToPostId: t.string({
      nullable: true,
      description: "The id (digits) of the post this one replies to; null when it is no reply.",
      resolve: (p, _args, context, info) => replyIdOf(p, context, info),
    }),
    inReplyTo: t.field({
      type: PostRef,
      nullable: true,
      description:
        "The post this one replies to; null when it is no reply, or, with a NOT_FOUND error, " +
        "when that post no longer exists.",
      resolve: (p, _args, context, info) =>
        then(replyIdOf(p, context, info), (id) => loadPost(id, context, info)),
    }),
    quotedPostId: t.string({
      nullable: true,
      description: "The id (digits) of the post this one quotes; null when it quotes none.",
      resolve: (p, _args, context, info) =>
        withNeeds(p, context, info, (post) => referenced(post, "quoted")),
    }),
    quotedPost: t.field({
      type: PostRef,
      nullable: true,
      description:
        "The post this one quotes; null when it quotes none, or, with a NOT_FOUND error, when " +
        "that post no longer exists.",
      resolve: (p, _args, context, info) =>
        then(
          withNeeds(p, context, info, (post) => referenced(post, "quoted")),
          (id) => loadPost(id, context, info),
        ),
    }),
    referencedPosts: t.field({
      type: [ReferencedPostRef],
      nullable: true,
      complexity: SMALL_LIST,
      description: "Every post this one replies to, quotes or reposts; empty when none.",
      resolve: (p, _args, context, info) =>
        withNeeds(p, context, info, (post) =>
          (post.data.referenced_tweets ?? []).map((reference) => ({ reference })),
        ),
    }),
    editHistoryIds: t.stringList({
      nullable: true,
      description:
        "The ids (digits) of every version of this post, oldest first, the newest last; only " +
        "its own id when it was never edited. Null when unknown.",
      resolve: (p, _args, context, info) =>
        withNeeds(p, context, info, (post) => post.data.edit_history_post_ids ?? null),
    }),
    editHistory: t.field({
      type: [PostRef],
      nullable: { list: true, items: true },
      complexity: SMALL_LIST,
      description:
        "Every version of this post, oldest first, the newest last; a version that no longer " +
        "exists is null, with a NOT_FOUND error.",
      resolve: (p, _args, context, info) =>
        then(
          withNeeds(p, context, info, (post) => post.data.edit_history_post_ids ?? null),
          (ids) =>
            ids === null
              ? null
              : context.loaders.posts.loadMany(ids, selectionNeeds(info)).then(itemsOf),
        ),
    }),
    preview: t.string({
      nullable: true,
      description:
        "The post rendered as people see it, as HTML to put in an iframe. It is rendered " +
        "through an ad account: `accountId`, by default the account whose `posts` list " +
        "returned it; a post fetched by id needs `accountId` (else null, with a " +
        "BAD_USER_INPUT error). Null when no preview is available.",
      args: {
        accountId: t.arg.globalID({
          for: AccountRef,
          description:
            "The `id` of the ad account to render it through (default: the account whose " +
            "`posts` list returned it).",
        }),
      },
      resolve: (p, args, { loaders }) => {
        const accountId = args.accountId?.id ?? p.ads?.account_id;
        if (accountId === undefined) {
          throw new ValidationError([
            {
              code: VIOLATION_CODES.MISSING_PARAMETER,
              field: "accountId",
              parameter: "accountId",
              message: "is required for a post read by id: the account to render it through",
            },
          ]);
        }
        return loaders.accountPosts.preview.load({
          accountId,
          postType: "PUBLISHED",
          postId: p.id,
        });
      },
    }),
  }),
});

builder.queryFields((t) => ({
  posts: t.field({
    ...serves("post_data.posts.lookup"),
    type: [PostRef],
    nullable: { list: false, items: true },
    authScopes: { authenticated: true },
    description:
      `Published posts by their \`id\`s or by their \`rawId\`s (give exactly one of the two), ` +
      `at most ${POSTS_QUERY_MAX_IDS}, in the order asked; an id that names no post gives null ` +
      "at its index, with a NOT_FOUND error.",
    args: {
      ids: t.arg.globalIDList({
        for: PostRef,
        description: "The posts' `id`s (as `Post.id` answers them).",
      }),
      rawIds: t.arg.stringList({
        ...DIGIT_ID_INPUT,
        description:
          "The posts' `rawId`s: the digit ids the post's own site shows in its address " +
          "(for a post a user pasted or a link points to).",
      }),
    },
    complexity: (args) => ({
      field: 1,
      multiplier: Math.max(1, args.ids?.length ?? 0, args.rawIds?.length ?? 0),
    }),
    resolve: async (_root, args, { loaders }, info) => {
      const ids = args.ids?.map((id) => id.id) ?? args.rawIds;
      if (ids == null || (args.ids != null && args.rawIds != null)) {
        throw new ValidationError(
          ["ids", "rawIds"].map((field) => ({
            code: VIOLATION_CODES.INVALID_PARAMETER,
            field,
            parameter: field,
            message: "give exactly one of `ids` and `rawIds`",
          })),
        );
      }
      if (ids.length > POSTS_QUERY_MAX_IDS) {
        const field = args.ids == null ? "rawIds" : "ids";
        throw new ValidationError([
          {
            code: VIOLATION_CODES.TOO_MANY_IDS,
            field,
            parameter: field,
            message: `may name at most ${POSTS_QUERY_MAX_IDS} posts (got ${ids.length})`,
          },
        ]);
      }
      return itemsOf(await loaders.posts.loadMany(ids, selectionNeeds(info)));
    },
  }),
}));

const DESCRIPTIONS = {
  text: "The post's text; required without media.",
  name: "The post's name, for finding it among the account's posts (at most 80 characters).",
  media_keys:
    "Media library keys: up to 4 images, or 1 animated GIF, or 1 video, that the author may " +
    "use (they uploaded it, or are one of its additional owners).",
  media:
    "Up to 4 media to attach, each as the number after the `_` of its media key " +
    "(`MediaLibraryObject.mediaKey` `3_1400…` → `1400…`).",
};

const create = mutationArgs("posts.create", {
  omit: ["trim_user", "post_mode"],
  describe: {
    ...DESCRIPTIONS,
    as_user_id: "The `id` of the user to post as: one of the account's promotable users.",
    card_uri: "A card of the account to attach, as `card://<card id>`.",
    account_id: "The `id` of the ad account to post through.",
    conversation_settings: "Who may reply (default EVERYONE).",
    nullcast:
      "True (the default): promoted-only, shown only as an ad; false: an organic post, " +
      "allowed only when posting as the signed-in user.",
    video_cta: "The call-to-action button under the video; give videoCtaValue with it.",
    video_cta_value: "Where the call to action leads (a URL).",
    video_title: "The video's title (at most 70 characters).",
    video_description: "The video's description (at most 200 characters).",
  },
});
const rename = mutationArgs("posts.name.update", {
  describe: {
    account_id: "The `id` of the ad account whose posts include the post.",
    post_id: "The `id` of the post to rename.",
    name: DESCRIPTIONS.name,
  },
});
// spec §4.9: `media: {media_ids}`, `reply: {in_reply_to_post_id}` and `edit_options:
// {previous_post_id}` are asked as their one value, under the names a post's reader knows.
const publish = mutationArgs("post_data.posts.create", {
  omit: ["edit_options"],
  // Media and communities are no objects of this graph: named for the values they take.
  rename: { media: "mediaKeyNumbers", reply: "replyTo", community_id: "communityRawId" },
  describe: {
    ...DESCRIPTIONS,
    reply:
      "The `id` of the post to answer; allowed only when its author mentioned or quoted you " +
      "(ReplyNotAllowedError otherwise).",
    quote_post_id: "The `id` of the post to quote.",
    community_id:
      "Post in this community: its id as the post's site shows it (digits, from the " +
      "community's address); communities are not objects of this graph.",
    share_with_followers: "With communityRawId: also show the community post to your followers.",
  },
});
const edit = mutationArgs("post_data.posts.create", {
  omit: ["reply", "quote_post_id", "community_id", "share_with_followers"],
  require: ["edit_options"],
  rename: { media: "mediaKeyNumbers", edit_options: "postId" },
  describe: {
    ...DESCRIPTIONS,
    edit_options:
      "The `id` of the post (the version shown now) to edit: your own, at most an hour old.",
  },
});

const CreatePostInput = builder.inputType("CreatePostInput", {
  description:
    "A post made through an ad account as one of its promotable users: promoted-only unless " +
    "nullcast is false.",
  fields: create.fields,
});

const RenamePostInput = builder.inputType("RenamePostInput", {
  description: "A new name for a published post of an ad account.",
  fields: rename.fields,
});

const PublishPostInput = builder.inputType("PublishPostInput", {
  description: "A post, a reply or a quote published as the signed-in user: text, media, or both.",
  fields: publish.fields,
});

const EditPostInput = builder.inputType("EditPostInput", {
  description:
    "A new version of your own post, within an hour of its creation (a premium subscription " +
    "is needed): its text and media are replaced, its links kept.",
  fields: edit.fields,
});

const PostPayload = (name: string, description: string) =>
  payload(name, "post", PostRef, description);

const CREATE_POST_CALL = callRule("posts.create", create.params);
const RENAME_POST_CALL = callRule("posts.name.update", rename.params);
const PUBLISH_POST_CALL = callRule("post_data.posts.create", publish.params);
const EDIT_POST_CALL = callRule("post_data.posts.create", edit.params);

builder.mutationFields((t) => ({
  createPost: t.field({
    ...fetchedBy(CREATE_POST_CALL),
    type: PostPayload("CreatePost", "The new post."),
    description:
      "Creates a post through an ad account as one of its promotable users; promoted-only " +
      "unless nullcast is false. The input is checked before anything is posted.",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreatePost", [MediaRuleError]),
    args: {
      input: t.arg({ type: CreatePostInput, required: true, description: "The post to create." }),
    },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const params = create.params(input);
        const { data } = await upstream.call(CREATE_POST_CALL.endpoint, params);
        return { post: loaders.posts.primeFromAds(data, params.account_id) };
      }, create.fieldOf),
  }),
  renamePost: t.field({
    ...fetchedBy(RENAME_POST_CALL),
    type: PostPayload("RenamePost", "The post with its new name."),
    description: "Gives a published post of an ad account a new name.",
    authScopes: { authenticated: true },
    errors: mutationErrors("RenamePost"),
    args: {
      input: t.arg({
        type: RenamePostInput,
        required: true,
        description: "The post and its new name.",
      }),
    },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const params = rename.params(input);
        const { data } = await upstream.call(RENAME_POST_CALL.endpoint, params);
        return { post: loaders.posts.primeFromAds(data, params.account_id) };
      }, rename.fieldOf),
  }),
  publishPost: t.field({
    ...fetchedBy(PUBLISH_POST_CALL),
    type: PostPayload("PublishPost", "The new post (its other fields are read on request)."),
    description: "Publishes a post, a reply or a quote as the signed-in user.",
    authScopes: { authenticated: true },
    errors: mutationErrors("PublishPost", [MediaRuleError, ReplyNotAllowedError]),
    args: {
      input: t.arg({
        type: PublishPostInput,
        required: true,
        description: "The post to publish.",
      }),
    },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const { data } = await upstream.call(PUBLISH_POST_CALL.endpoint, publish.params(input));
        return { post: loaders.posts.primeCreated(data) };
      }, publish.fieldOf),
  }),
  editPost: t.field({
    ...fetchedBy(EDIT_POST_CALL),
    type: PostPayload("EditPost", "The new version (the post's id changes with each edit)."),
    description:
      "Edits your own post within an hour of its creation (needs a premium subscription): a " +
      "new version, with its own id, replaces it with the new text and media.",
    authScopes: { authenticated: true },
    errors: mutationErrors("EditPost", [MediaRuleError, EditWindowPassedError]),
    args: {
      input: t.arg({
        type: EditPostInput,
        required: true,
        description: "The post and its new text and media.",
      }),
    },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const params = edit.params(input);
        const { data } = await upstream.call(EDIT_POST_CALL.endpoint, params);
        // The edited version's history changed: what this request read of it is stale.
        if (params.edit_options) loaders.posts.forget(params.edit_options.previous_post_id);
        return { post: loaders.posts.primeCreated(data) };
      }, edit.fieldOf),
  }),
}));
