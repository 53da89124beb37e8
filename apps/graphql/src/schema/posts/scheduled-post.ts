import { rejectErrors } from "@pothos/plugin-dataloader";
import { builder } from "../../builder.js";
import { MediaRuleError } from "../../errors/facade-errors.js";
import { idInAccount } from "../../fields/entity-ids.js";
import { entityKey } from "../../loaders/keys.js";
import { postTime } from "../../loaders/post-shapes.js";
import type { AccountPostShape } from "../../loaders/post-shapes.js";
import { AccountRef } from "../accounts/account.js";
import { AccountPostInterface, isAccountPostOf, mediaOfKeys } from "./account-post.js";
import { SMALL_LIST } from "../../fields/connections.js";
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

export const ScheduledPostRef = builder.objectRef<AccountPostShape>("ScheduledPost");

/**
 * The post a scheduled post became: only a COMPLETED one names it (the posts list's one shape
 * carries `post_id` on every post, a waiting scheduled post's being its own id).
 */
const publishedId = (s: AccountPostShape): string | null =>
  s.scheduled_status === "COMPLETED" ? (s.post_id ?? null) : null;

builder.node(ScheduledPostRef, {
  description:
    "A post scheduled to be published (spec §2.11, §4.7): a draft's fields and when. Read " +
    "through the posts list (post_type=SCHEDULED), post_ids of ≤200 per request.",
  interfaces: [AccountPostInterface],
  id: { resolve: (s) => entityKey(s.account_id, s.id) },
  isTypeOf: isAccountPostOf("SCHEDULED"),
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.accountPosts.scheduledPost.loadMany(keys)),
  fields: (t) => ({
    userId: t.string({
      nullable: true,
      description: "The author's user id (digits).",
      resolve: (s) => s.user_id ?? s.user?.id ?? null,
    }),
    text: t.string({ resolve: (s) => s.full_text ?? s.text ?? "" }),
    nullcast: t.boolean({ resolve: (s) => s.nullcast ?? true }),
    mediaKeys: t.stringList({ resolve: (s) => [...(s.media_keys ?? [])] }),
    media: t.field({
      type: [PostMediaRef],
      complexity: SMALL_LIST,
      description: "Keys only: the spec has no read of the media library.",
      resolve: (s) => mediaOfKeys(s.media_keys),
    }),
    scheduledAt: t.field({
      type: "DateTime",
      nullable: true,
      resolve: (s) => postTime(s.scheduled_at),
    }),
    ...observedFields(t, "scheduledStatus", {
      enum: ScheduledPostStatus,
      description:
        "Whether the post still waits (SCHEDULED), was published (COMPLETED, as postId) or was deleted. The posts list holds only waiting ones.",
      resolve: (s) => s.scheduled_status ?? "SCHEDULED",
    }),
    postId: t.string({
      nullable: true,
      description: "The published post, once COMPLETED (digits).",
      resolve: (s) => publishedId(s),
    }),
    post: t.field({
      type: PostRef,
      nullable: true,
      description: "The published post, once COMPLETED (read as any referenced post).",
      resolve: (s, _args, { loaders }, info) => {
        const id = publishedId(s);
        return id === null ? null : loaders.posts.load(id, selectionNeeds(info));
      },
    }),
    deleted: t.boolean({ resolve: (s) => s.deleted === true || s.scheduled_status === "DELETED" }),
    account: t.field({
      type: AccountRef,
      nullable: true,
      resolve: (s, _args, { loaders }) => loaders.account.load(s.account_id),
    }),
  }),
});

builder.objectFields(AccountRef, (t) => ({
  scheduledPost: t.field({
    type: ScheduledPostRef,
    nullable: true,
    description: "One scheduled post of this account; null with an error if missing.",
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
    name: "At most 80 characters.",
    nullcast: "Promoted-only.",
    scheduled_at: "When to publish it.",
    card_uri: "`card://<card_id>`; an empty string removes the card.",
    media_keys:
      "Media library keys (up to 4 images, or 1 animated GIF, or 1 video); empty removes them.",
  },
});
const remove = mutationArgs("scheduled_posts.delete", {
  globalIds: { scheduled_post_id: ScheduledPostRef },
});

const UpdateScheduledPostInput = builder.inputType("UpdateScheduledPostInput", {
  description:
    "Changes the given fields of a scheduled post (spec §4.7 PUT scheduled_posts); others stay.",
  fields: update.fields,
});

const ScheduledPostPayload = (name: string, description: string) =>
  payload(name, "scheduledPost", ScheduledPostRef, description);

builder.mutationFields((t) => ({
  updateScheduledPost: t.field({
    type: ScheduledPostPayload("UpdateScheduledPost", "The scheduled post as it is now."),
    description: "Changes a scheduled post's text, name, time, card or media (spec §4.7).",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateScheduledPost", [MediaRuleError]),
    args: { input: t.arg({ type: UpdateScheduledPostInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = update.params(input);
        const { data } = await upstream.call("scheduled_posts.update", params);
        return { scheduledPost: accountPostOf(data, params.account_id, "SCHEDULED") };
      }, update.fieldOf),
  }),
  deleteScheduledPost: t.field({
    type: deletePayload(
      "DeleteScheduledPost",
      "scheduledPost",
      ScheduledPostRef,
      "The scheduled post, now deleted.",
    ),
    description: "Deletes a scheduled post (spec §4.7): it will not be published.",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteScheduledPost"),
    args: inputArg(t.arg, "DeleteScheduledPost", remove.fields, "The scheduled post to delete."),
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = remove.params(input);
        const { data } = await upstream.call("scheduled_posts.delete", params);
        return deleted(
          ScheduledPostRef,
          entityKey(params.account_id, data.id),
          accountPostOf(data, params.account_id, "SCHEDULED"),
        );
      }, remove.fieldOf),
  }),
}));
