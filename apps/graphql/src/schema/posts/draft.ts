import { rejectErrors } from "@pothos/plugin-dataloader";
import { builder } from "../../builder.js";
import { DIGIT_ID_INPUT } from "../../input/input-rules.js";
import { entityKey } from "../../loaders/keys.js";
import type { AccountPostShape } from "../../loaders/post-shapes.js";
import { AccountRef } from "../accounts/account.js";
import { AccountPostInterface, isAccountPostOf, mediaOfKeys } from "./account-post.js";
import { SMALL_LIST } from "../../fields/connections.js";
import { PostMediaRef } from "./post-parts.js";

export const DraftRef = builder.objectRef<AccountPostShape>("Draft");

builder.node(DraftRef, {
  description:
    "A draft post of an account (spec §2.7), read through the posts list (post_type=DRAFT): " +
    "drafts asked for in one tick are read together, post_ids of ≤200 per request.",
  interfaces: [AccountPostInterface],
  id: { resolve: (d) => entityKey(d.account_id, d.id) },
  isTypeOf: isAccountPostOf("DRAFT"),
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.accountPosts.draft.loadMany(keys)),
  fields: (t) => ({
    userId: t.string({
      nullable: true,
      description: "The author's user id (digits).",
      resolve: (d) => d.user_id ?? d.user?.id ?? null,
    }),
    text: t.string({ resolve: (d) => d.full_text ?? d.text ?? "" }),
    nullcast: t.boolean({ resolve: (d) => d.nullcast ?? true }),
    mediaKeys: t.stringList({ resolve: (d) => [...(d.media_keys ?? [])] }),
    media: t.field({
      type: [PostMediaRef],
      complexity: SMALL_LIST,
      description: "Keys only: the spec has no read of the media library.",
      resolve: (d) => mediaOfKeys(d.media_keys),
    }),
    deleted: t.boolean({
      description: "True in a deleteDraft answer (status DELETED): it cannot be read again.",
      resolve: (d) => d.status === "DELETED",
    }),
    account: t.field({
      type: AccountRef,
      nullable: true,
      resolve: (d, _args, { loaders }) => loaders.account.load(d.account_id),
    }),
  }),
});

builder.objectFields(AccountRef, (t) => ({
  draft: t.field({
    type: DraftRef,
    nullable: true,
    description: "One draft of this account; null with an error if missing.",
    args: { id: t.arg.string({ required: true, ...DIGIT_ID_INPUT }) },
    resolve: (account, { id }, { loaders }) =>
      loaders.accountPosts.draft.load(entityKey(account.id, id)),
  }),
}));
