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
      "What published posts, drafts and scheduled posts share (spec §2.7, §4.7): text, name, " +
      "promoted-only flag, card, media and author. Fields a type may not know are nullable " +
      "here (a published post read by id has no name; the advertising list has no media details).",
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
          description: "The post id as the ads service names it: digits in a string.",
          resolve: (p) => p.id,
        }),
        name: t.string({
          nullable: true,
          description: "At most 80 characters.",
          resolve: (p) => shape(p).name ?? null,
        }),
        text: t.string({ resolve: (p) => shape(p).full_text ?? shape(p).text ?? "" }),
        nullcast: t.boolean({
          nullable: true,
          description: "Promoted-only: shown only where promoted, not on the author's timeline.",
          resolve: (p) => shape(p).nullcast ?? null,
        }),
        cardUri: t.string({
          nullable: true,
          description: "`card://<card_id>`.",
          resolve: (p) => shape(p).card_uri ?? null,
        }),
        mediaKeys: t.stringList({
          nullable: true,
          resolve: (p) => [...(shape(p).media_keys ?? [])],
        }),
        media: t.field({
          type: [PostMediaRef],
          nullable: true,
          complexity: SMALL_LIST,
          resolve: (p) => mediaOfKeys(shape(p).media_keys),
        }),
        author: t.field({
          type: UserRef,
          nullable: true,
          resolve: (p) => authorOf(shape(p)),
        }),
        createdAt: t.field({
          type: "DateTime",
          nullable: true,
          resolve: (p) => postTime(shape(p).created_at),
        }),
        updatedAt: t.field({
          type: "DateTime",
          nullable: true,
          resolve: (p) => postTime(shape(p).updated_at),
        }),
        preview: t.string({
          ...serves("post_previews.list"),
          nullable: true,
          description:
            "The post rendered as an iframe (HTML) by `post_previews` (spec §4.7); read for every " +
            "post of the response together, per account and type, ≤200 ids per request.",
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

builder.objectFields(AccountRef, (t) => ({
  posts: t.field({
    ...serves("posts.list"),
    type: AccountPostConnection,
    nullable: true,
    description:
      "The account's posts of one type (spec §4.7 GET posts), a page at a time: Post nodes for " +
      "PUBLISHED, Draft for DRAFT, ScheduledPost for SCHEDULED. What the list answers of a " +
      "published post costs nothing more; other Post fields are read from the post-data API " +
      "for the whole page at once (≤100 ids per request), asking only what the selection needs. " +
      FORWARD_ONLY,
    complexity: connectionComplexity,
    args: {
      ...pageArgs(t.arg, 1000),
      type: t.arg({ type: PostTypeEnum, required: true, description: "post_type." }),
      timelineType: t.arg({
        type: TimelineTypeEnum,
        description: "Promoted-only (NULLCAST, the default), ORGANIC or ALL.",
      }),
      namePrefix: t.arg.string({ description: "Name prefix (`name`, at most 80 characters)." }),
      // Post ids by their parameters (this file cannot import the Post type it implements).
      ids: t.arg({
        type: ["ID"],
        extensions: globalIdExtensions(POST),
        description: "Only these posts' `id`s (≤200).",
      }),
      userId: t.arg({
        type: "ID",
        extensions: globalIdExtensions(USER),
        description: "Posts of this promotable user (default: the account's full promotable user).",
      }),
      includeMentionsAndReplies: t.arg.boolean({
        description: "Include mentions and replies (default false).",
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
        1000,
        (page) => loaders.accountPosts.page(account.id, { ...filters, ...page }),
        () => Promise.resolve(0),
      );
    },
  }),
}));
