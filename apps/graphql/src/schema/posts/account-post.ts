import { getEndpoint } from "@adsgraph/models";
import type { DataUser, PostType } from "@adsgraph/models";
import { builder } from "../../builder.js";
import type { AccountPostsParams } from "../../loaders/post-reads.js";
import { postTime, PostRecord } from "../../loaders/post-shapes.js";
import type { AccountPostShape, PostMediaShape } from "../../loaders/post-shapes.js";
import { AccountRef } from "../accounts/account.js";
import { entityOfParam, globalIdExtensions, isDecodedId } from "../../fields/entity-ids.js";
import {
  connectionComplexity,
  connectionType,
  FORWARD_ONLY,
  pageArgs,
  resolveConnection,
  selectsPath,
  SMALL_LIST,
} from "../../fields/connections.js";
import { hasProperty } from "../../fields/properties.js";
import { PostTypeEnum, TimelineTypeEnum } from "../common/enums.js";
import { PostMediaRef, UserRef } from "./post-parts.js";
import { serves } from "../../fields/serves.js";
import { fetchedBy } from "../../cost/fetch-rule.js";
import type { PageRule } from "../../cost/fetch-rule.js";

const POST = entityOfParam("post_id") ?? { typenames: ["Post"], scope: "own" };
const USER = entityOfParam("user_id") ?? { typenames: ["User"], scope: "own" };
/** The wire id of a global id the relay plugin decoded (typed as the `ID` it was sent as). */
const wireId = (value: unknown): string => (isDecodedId(value) ? value.id : String(value));

/** A value of the AccountPost interface: a published post's record, or a draft or scheduled post. */
export type AccountPostValue = PostRecord | AccountPostShape;

const TYPE_NAMES: Record<PostType, "Post" | "Draft" | "ScheduledPost"> = {
  PUBLISHED: "Post",
  DRAFT: "Draft",
  SCHEDULED: "ScheduledPost",
};

/** The author a draft or scheduled post names (the list's embedded user when it has one). */
export function authorOf(post: AccountPostShape): DataUser | null {
  const id = post.user_id ?? post.user?.id;
  if (id === undefined) return null;
  const user = post.user?.id === id ? post.user : undefined;
  return {
    id,
    ...(user?.name !== undefined && { name: user.name }),
    ...(user?.screen_name !== undefined && { username: user.screen_name }),
  };
}

/** A draft's or scheduled post's media: keys only (the media library has no read, spec §4.7). */
export const mediaOfKeys = (keys: readonly string[] | undefined): PostMediaShape[] =>
  (keys ?? []).map((media_key) => ({ media_key }));

/** isTypeOf of the draft and scheduled-post object types. */
export const isAccountPostOf =
  (postType: Exclude<PostType, "PUBLISHED">) =>
  (value: unknown): boolean =>
    !(value instanceof PostRecord) && hasProperty(value, "post_type", postType);

export const AccountPostInterface = builder
  .interfaceRef<AccountPostValue>("AccountPost")
  .implement({
    description:
      "What published posts, drafts and scheduled posts share: text, name, promoted-only flag, " +
      "card, media and author. Fields one kind may lack are nullable here: a published post " +
      "fetched by id has no name, and drafts and scheduled posts know only their media's keys.",
    interfaces: [builder.nodeInterfaceRef()],
    resolveType: (post) => (post instanceof PostRecord ? "Post" : TYPE_NAMES[post.post_type]),
    // Each implementing type answers these from its own source; these resolve drafts and
    // scheduled posts, and `Post` declares its own.
    fields: (t) => {
      const shape = (post: AccountPostValue): AccountPostShape => {
        // `Post` declares every field below itself: a published post's record never gets here.
        if (post instanceof PostRecord) throw new Error("Post declares its own AccountPost fields");
        return post;
      };
      return {
        rawId: t.string({
          description:
            "The post's id in the ads service: digits in a string (it can exceed 2^53). Refer " +
            "to the post in this API by `id`.",
          resolve: (p) => p.id,
        }),
        name: t.string({
          nullable: true,
          description:
            "The post's name, for finding it among the account's posts (at most 80 " +
            "characters); null when it has none or, for a published post fetched by id, unknown.",
          resolve: (p) => shape(p).name ?? null,
        }),
        text: t.string({
          description: "The post's text; empty when it has only media.",
          resolve: (p) => shape(p).full_text ?? shape(p).text ?? "",
        }),
        nullcast: t.boolean({
          nullable: true,
          description:
            "True for a promoted-only post: shown only as an ad, not on the author's timeline. " +
            "Null when unknown (a published post fetched by id).",
          resolve: (p) => shape(p).nullcast ?? null,
        }),
        cardUri: t.string({
          nullable: true,
          description: "The attached card, as `card://<card id>`; null when it has none.",
          resolve: (p) => shape(p).card_uri ?? null,
        }),
        mediaKeys: t.stringList({
          nullable: true,
          description:
            "Media library keys (`<digits>_<digits>`) of the attached images, GIF or video, in " +
            "order; empty when it has none.",
          resolve: (p) => [...(shape(p).media_keys ?? [])],
        }),
        media: t.field({
          type: [PostMediaRef],
          nullable: true,
          complexity: SMALL_LIST,
          description:
            "The attached images, GIF or video, in order; empty when it has none. Drafts and " +
            "scheduled posts know only each item's `mediaKey`.",
          resolve: (p) => mediaOfKeys(shape(p).media_keys),
        }),
        author: t.field({
          type: UserRef,
          nullable: true,
          description: "The user the post is (or will be) published as; null when unknown.",
          resolve: (p) => authorOf(shape(p)),
        }),
        createdAt: t.field({
          type: "DateTime",
          nullable: true,
          description: "When the post was created; null when unknown.",
          resolve: (p) => postTime(shape(p).created_at),
        }),
        updatedAt: t.field({
          type: "DateTime",
          nullable: true,
          description: "When the post was last changed; null when unknown.",
          resolve: (p) => postTime(shape(p).updated_at),
        }),
        preview: t.string({
          ...serves("post_previews.list"),
          nullable: true,
          description:
            "The post rendered as people will see it, as HTML to put in an iframe; null when no " +
            "preview is available.",
          resolve: (p, _args, { loaders }) => {
            const post = shape(p);
            return loaders.accountPosts.preview.load({
              accountId: post.account_id,
              postType: post.post_type,
              postId: post.id,
            });
          },
        }),
      };
    },
  });

const AccountPostConnection = connectionType(
  "AccountPost",
  AccountPostInterface,
  "Posts of one type of an account: Post (PUBLISHED), Draft or ScheduledPost nodes.",
  // spec §4.7: the posts list takes no with_total_count.
  { totalCount: false },
);

/** Whether a query asks a post's author for more than its id (else the list may trim users). */
function wantsAuthorProfile(info: Parameters<typeof selectsPath>[0]): boolean {
  return ["name", "username", "createdAt"].some((name) =>
    selectsPath(info, ["edges", "node", "author", name]),
  );
}

/** One page per account asked (loaders.accountPosts.page); the list has no total count. */
const POSTS: PageRule = {
  kind: "page",
  list: "posts.list",
  maxCount: 1000,
  counts: false,
  primes: null,
  owner: "account",
};

builder.objectFields(AccountRef, (t) => ({
  posts: t.field({
    ...fetchedBy(POSTS),
    type: AccountPostConnection,
    nullable: true,
    description:
      "The account's posts of one kind, a page at a time: Post nodes for PUBLISHED, Draft " +
      "for DRAFT, ScheduledPost for SCHEDULED. There is no total count. " +
      "Null, with an error, when they cannot be read. " +
      FORWARD_ONLY,
    complexity: connectionComplexity,
    args: {
      ...pageArgs(t.arg, POSTS.maxCount),
      type: t.arg({
        type: PostTypeEnum,
        required: true,
        description: "Which kind of posts to list: published posts, drafts or scheduled posts.",
      }),
      timelineType: t.arg({
        type: TimelineTypeEnum,
        description:
          "Which published posts: promoted-only ones (NULLCAST, the default), ORGANIC ones, or ALL.",
      }),
      namePrefix: t.arg.string({
        description: "Only posts whose name starts with this text (at most 80 characters).",
      }),
      // Post ids by their parameters (this file cannot import the Post type it implements).
      ids: t.arg({
        type: ["ID"],
        extensions: globalIdExtensions(POST),
        description: "Only these posts, by their `id`s (at most 200).",
      }),
      userId: t.arg({
        type: "ID",
        extensions: globalIdExtensions(USER),
        description:
          "Only posts of this promotable user, by its `id` (default: the account's full " +
          "promotable user).",
      }),
      includeMentionsAndReplies: t.arg.boolean({
        description: "Also list posts that are mentions or replies (default false).",
      }),
    },
    resolve: (account, args, { loaders }, info) => {
      const filters: AccountPostsParams = {
        post_type: args.type,
        ...(args.timelineType != null && { timeline_type: args.timelineType }),
        ...(args.namePrefix != null && { name: args.namePrefix }),
        ...(args.ids != null && { post_ids: args.ids.map(wireId) }),
        ...(args.userId != null && { user_id: wireId(args.userId) }),
        ...(args.includeMentionsAndReplies != null && {
          include_mentions_and_replies: args.includeMentionsAndReplies,
        }),
        // The embedded user only when the selection shows more of the author than its id.
        ...(!wantsAuthorProfile(info) && { trim_user: true }),
      };
      return resolveConnection(
        info,
        args,
        POSTS.maxCount,
        (page) => loaders.accountPosts.page(account.id, { ...filters, ...page }),
        () => Promise.resolve(0),
      );
    },
  }),
}));

/** The drafts and scheduled posts lists (vendor v12, beyond the spec): their page limits. */
type UnpublishedList = "draft_posts.list" | "scheduled_posts.list";

/**
 * `first`/`after` within the list's page limit and `userId`: whose drafts or scheduled posts
 * (one of the account's promotable users; the full promotable user by default).
 */
export function unpublishedListArgs(
  arg: Parameters<typeof pageArgs>[0],
  list: UnpublishedList,
  many: string,
) {
  return {
    ...pageArgs(arg, unpublishedListFilters.maxCount(list)),
    userId: arg({
      type: "ID",
      extensions: globalIdExtensions(USER),
      description:
        `Only ${many} of this promotable user, by its \`id\` (default: the account's full ` +
        "promotable user).",
    }),
  };
}

/** The wire parameters of `unpublishedListArgs`' values, and the lists' page limits. */
export const unpublishedListFilters = {
  of: (args: { readonly userId?: unknown }) =>
    args.userId == null ? {} : { user_id: wireId(args.userId) },
  maxCount: (list: UnpublishedList): number => getEndpoint(list).paging?.max ?? 1000,
};
