import { rejectErrors } from "@pothos/plugin-dataloader";
import { builder } from "../../builder.js";
import { MediaRuleError } from "../../errors/facade-errors.js";
import { idInAccount } from "../../fields/entity-ids.js";
import { entityKey } from "../../loaders/keys.js";
import { postTime } from "../../loaders/post-shapes.js";
import type { AccountPostShape } from "../../loaders/post-shapes.js";
import { AccountRef } from "../accounts/account.js";
import {
  AccountPostInterface,
  isAccountPostOf,
  mediaOfKeys,
  unpublishedListArgs,
  unpublishedListFilters,
} from "./account-post.js";
import {
  connectionComplexity,
  connectionType,
  FORWARD_ONLY,
  resolveConnection,
  SMALL_LIST,
} from "../../fields/connections.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import {
  attempt,
  deleted,
  deletePayload,
  inputArg,
  mutationErrors,
  payload,
} from "../../fields/mutations.js";
import { PostMediaRef } from "./post-parts.js";
import { PostRef } from "./post.js";
import { selectionNeeds } from "../../fields/post-selection.js";
import { accountPostOf } from "../../loaders/post-reads.js";
import { observedFields } from "../../fields/observed-fields.js";
import { ScheduledPostStatus } from "../common/observed-enums.js";
import { ACCOUNT_BY_ID, callRule, eachRule, fetchedBy } from "../../cost/fetch-rule.js";
import type { PageRule } from "../../cost/fetch-rule.js";

export const ScheduledPostRef = builder.objectRef<AccountPostShape>("ScheduledPost");

/**
 * The post a scheduled post became: only a COMPLETED one names it (the posts list's one shape
 * carries `post_id` on every post, a waiting scheduled post's being its own id).
 */
const publishedId = (s: AccountPostShape): string | null =>
  s.scheduled_status === "COMPLETED" ? (s.post_id ?? null) : null;

builder.node(ScheduledPostRef, {
  description:
    "A post scheduled to be published at a set time: a draft's fields and when. Listed by " +
    "the account's `posts` (type SCHEDULED) while it waits; one is read by " +
    "`Account.scheduledPost` or `node`.",
  interfaces: [AccountPostInterface],
  id: {
    description:
      "The scheduled post's global id: give it to `Account.scheduledPost(id:)` or `node(id:)`.",
    resolve: (s) => entityKey(s.account_id, s.id),
  },
  isTypeOf: isAccountPostOf("SCHEDULED"),
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.accountPosts.scheduledPost.loadMany(keys)),
  fields: (t) => ({
    userId: t.string({
      nullable: true,
      description: "The author's user id in the ads service (digits); null when unknown.",
      resolve: (s) => s.user_id ?? s.user?.id ?? null,
    }),
    text: t.string({
      description: "The scheduled post's text; empty when it has only media.",
      resolve: (s) => s.full_text ?? s.text ?? "",
    }),
    nullcast: t.boolean({
      description:
        "True for a promoted-only post (the default): once published it shows only as an ad, " +
        "not on the author's timeline.",
      resolve: (s) => s.nullcast ?? true,
    }),
    mediaKeys: t.stringList({
      description:
        "Media library keys (`<digits>_<digits>`) of the attached media, in order; empty when " +
        "it has none.",
      resolve: (s) => [...(s.media_keys ?? [])],
    }),
    media: t.field({
      type: [PostMediaRef],
      complexity: SMALL_LIST,
      description: "The attached media, in order: only each item's `mediaKey` is known.",
      resolve: (s) => mediaOfKeys(s.media_keys),
    }),
    scheduledAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "When the post is (or was) to be published; null when unknown.",
      resolve: (s) => postTime(s.scheduled_at),
    }),
    ...observedFields(t, "scheduledStatus", {
      enum: ScheduledPostStatus,
      description:
        "Whether the post still waits (SCHEDULED), was published (COMPLETED, as postId) or " +
        "was deleted. The account's posts list holds only waiting ones.",
      resolve: (s) => s.scheduled_status ?? "SCHEDULED",
    }),
    postId: t.string({
      nullable: true,
      description: "The published post's id (digits) once COMPLETED; null before.",
      resolve: (s) => publishedId(s),
    }),
    post: t.field({
      type: PostRef,
      nullable: true,
      description: "The published post once COMPLETED; null before.",
      resolve: (s, _args, { loaders }, info) => {
        const id = publishedId(s);
        return id === null ? null : loaders.posts.load(id, selectionNeeds(info));
      },
    }),
    deleted: t.boolean({
      description: "True once the scheduled post was deleted: it will not be published.",
      resolve: (s) => s.deleted === true || s.scheduled_status === "DELETED",
    }),
    account: t.field({
      type: AccountRef,
      nullable: true,
      description:
        "The ad account the scheduled post belongs to; null, with an error, when it cannot be read.",
      ...fetchedBy(ACCOUNT_BY_ID),
      resolve: (s, _args, { loaders }) => loaders.account.load(s.account_id),
    }),
  }),
});

/**
 * A scheduled post by its id argument through loaders.accountPosts.scheduledPost: the ones
 * asked in one tick share a lookup; none when a list of the query held it already.
 */
const SCHEDULED_POST = eachRule("posts.list", { optional: true, argument: "id" });
/** One page per account asked (loaders.library.scheduledPostsPage); no total count. */
const SCHEDULED_POSTS: PageRule = {
  kind: "page",
  list: "scheduled_posts.list",
  maxCount: unpublishedListFilters.maxCount("scheduled_posts.list"),
  counts: false,
  primes: null,
  owner: "account",
};

builder.objectFields(AccountRef, (t) => ({
  scheduledPost: t.field({
    ...fetchedBy(SCHEDULED_POST),
    type: ScheduledPostRef,
    nullable: true,
    description:
      "One scheduled post of this account, by its `id`; null, with a NOT_FOUND error, when missing.",
    args: {
      id: t.arg.globalID({
        for: ScheduledPostRef,
        required: true,
        description:
          `The \`id\` of the scheduled post to read (as \`ScheduledPost.id\` answers it, not its \`rawId\`); ` +
          "an id of another account's scheduled post is refused.",
      }),
    },
    resolve: (account, { id }, { loaders }) =>
      loaders.accountPosts.scheduledPost.load(entityKey(account.id, idInAccount(id, account.id))),
  }),
}));

const update = mutationArgs("scheduled_posts.update", {
  globalIds: { scheduled_post_id: ScheduledPostRef },
  describe: {
    scheduled_post_id: "The `id` of the scheduled post to change.",
    text: "The new text.",
    name: "The post's name, for finding it among the account's posts (at most 80 characters).",
    nullcast: "True: promoted-only (shown only as an ad); false: also on the author's timeline.",
    scheduled_at: "When to publish it.",
    card_uri: "The card to attach, as `card://<card id>`; an empty string removes the card.",
    media_keys:
      "Media library keys (up to 4 images, or 1 animated GIF, or 1 video); empty removes them.",
  },
});
const remove = mutationArgs("scheduled_posts.delete", {
  globalIds: { scheduled_post_id: ScheduledPostRef },
  describe: { scheduled_post_id: "The `id` of the scheduled post to delete." },
});

const UpdateScheduledPostInput = builder.inputType("UpdateScheduledPostInput", {
  description: "Changes the given fields of a scheduled post; fields left out stay as they are.",
  fields: update.fields,
});

const ScheduledPostPayload = (name: string, description: string) =>
  payload(name, "scheduledPost", ScheduledPostRef, description);

const UPDATE_SCHEDULED_POST_CALL = callRule("scheduled_posts.update", update.params);
const DELETE_SCHEDULED_POST_CALL = callRule("scheduled_posts.delete", remove.params);

builder.mutationFields((t) => ({
  updateScheduledPost: t.field({
    ...fetchedBy(UPDATE_SCHEDULED_POST_CALL),
    type: ScheduledPostPayload("UpdateScheduledPost", "The scheduled post as it is now."),
    description: "Changes a scheduled post's text, name, time, card or media.",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateScheduledPost", [MediaRuleError]),
    args: {
      input: t.arg({
        type: UpdateScheduledPostInput,
        required: true,
        description: "The scheduled post and the fields to change.",
      }),
    },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = update.params(input);
        const { data } = await upstream.call(UPDATE_SCHEDULED_POST_CALL.endpoint, params);
        return { scheduledPost: accountPostOf(data, params.account_id, "SCHEDULED") };
      }, update.fieldOf),
  }),
  deleteScheduledPost: t.field({
    ...fetchedBy(DELETE_SCHEDULED_POST_CALL),
    type: deletePayload(
      "DeleteScheduledPost",
      "scheduledPost",
      ScheduledPostRef,
      "The scheduled post, now deleted.",
    ),
    description: "Deletes a scheduled post: it will not be published.",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteScheduledPost"),
    args: inputArg(t.arg, "DeleteScheduledPost", remove.fields, "The scheduled post to delete."),
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = remove.params(input);
        const { data } = await upstream.call(DELETE_SCHEDULED_POST_CALL.endpoint, params);
        return deleted(
          ScheduledPostRef,
          entityKey(params.account_id, data.id),
          accountPostOf(data, params.account_id, "SCHEDULED"),
        );
      }, remove.fieldOf),
  }),
}));

// Beyond the spec (vendor v12 scheduled_tweets): the account's waiting scheduled posts as a
// list of their own, and their create.
const ScheduledPostConnection = connectionType(
  "ScheduledPost",
  ScheduledPostRef,
  "Scheduled posts of an ad account still waiting for their time, newest first.",
  // The scheduled posts list takes no with_total_count.
  { totalCount: false },
);

builder.objectFields(AccountRef, (t) => ({
  scheduledPosts: t.field({
    ...fetchedBy(SCHEDULED_POSTS),
    type: ScheduledPostConnection,
    nullable: true,
    description:
      "The account's scheduled posts of one promotable user that still wait for their time, " +
      "newest first, a page at a time (a published one is a post). There is no total count. " +
      "Null, with an error, when they cannot be read. " +
      FORWARD_ONLY,
    complexity: connectionComplexity,
    args: unpublishedListArgs(t.arg, "scheduled_posts.list", "scheduled posts"),
    resolve: (account, args, { loaders }, info) =>
      resolveConnection(
        info,
        args,
        SCHEDULED_POSTS.maxCount,
        (page) =>
          loaders.library.scheduledPostsPage(account.id, {
            ...unpublishedListFilters.of(args),
            ...page,
          }),
        () => Promise.resolve(0),
      ),
  }),
}));

const create = mutationArgs("scheduled_posts.create", {
  describe: {
    account_id: "The `id` of the ad account to publish through.",
    as_user_id: "The `id` of the user to post as: one of the account's promotable users.",
    scheduled_at: "When to publish it: a time ahead of now.",
    text: "The post's text; required without media.",
    name: "The post's name, for finding it among the account's posts (at most 80 characters).",
    nullcast:
      "True (the default): promoted-only, shown only as an ad; false: an organic post, " +
      "allowed only when posting as the signed-in user.",
    card_uri: "A card of the account to attach, as `card://<card id>`.",
    media_keys:
      "Media library keys: up to 4 images, or 1 animated GIF, or 1 video, that the author may " +
      "use (they uploaded it, or are one of its additional owners).",
  },
});

const CreateScheduledPostInput = builder.inputType("CreateScheduledPostInput", {
  description:
    "A post to publish later through an ad account as one of its promotable users: when, and " +
    "text, media, or both.",
  fields: create.fields,
});

const CREATE_SCHEDULED_POST_CALL = callRule("scheduled_posts.create", create.params);

builder.mutationFields((t) => ({
  createScheduledPost: t.field({
    ...fetchedBy(CREATE_SCHEDULED_POST_CALL),
    type: ScheduledPostPayload("CreateScheduledPost", "The new scheduled post."),
    description:
      "Schedules a post through an ad account as one of its promotable users: it is published " +
      "by itself at the time given (promoted-only unless nullcast is false).",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateScheduledPost", [MediaRuleError]),
    args: {
      input: t.arg({
        type: CreateScheduledPostInput,
        required: true,
        description: "The post to schedule.",
      }),
    },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = create.params(input);
        const { data } = await upstream.call(CREATE_SCHEDULED_POST_CALL.endpoint, params);
        return { scheduledPost: accountPostOf(data, params.account_id, "SCHEDULED") };
      }, create.fieldOf),
  }),
}));
