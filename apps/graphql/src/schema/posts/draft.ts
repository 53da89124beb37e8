import { rejectErrors } from "@pothos/plugin-dataloader";
import { builder } from "../../builder.js";
import { MediaRuleError } from "../../errors/facade-errors.js";
import { idInAccount } from "../../fields/entity-ids.js";
import { entityKey } from "../../loaders/keys.js";
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
import { accountPostOf } from "../../loaders/post-reads.js";
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
    args: {
      id: t.arg.globalID({
        for: DraftRef,
        required: true,
        description:
          `The \`id\` of the draft to read (as \`Draft.id\` answers it, not its \`rawId\`); ` +
          "an id of another account's draft is refused.",
      }),
    },
    resolve: (account, { id }, { loaders }) =>
      loaders.accountPosts.draft.load(entityKey(account.id, idInAccount(id, account.id))),
  }),
}));

const globalIds = { draft_post_id: DraftRef };
const update = mutationArgs("draft_posts.update", {
  globalIds,
  describe: {
    name: "At most 80 characters.",
    nullcast: "Promoted-only.",
    card_uri: "`card://<card_id>`; an empty string removes the card.",
    media_keys:
      "Media library keys (up to 4 images, or 1 animated GIF, or 1 video); empty removes them.",
  },
});
const remove = mutationArgs("draft_posts.delete", { globalIds });
const preview = mutationArgs("draft_posts.preview", { globalIds });

const UpdateDraftInput = builder.inputType("UpdateDraftInput", {
  description: "Changes the given fields of a draft (spec §4.7 PUT draft_posts); others stay.",
  fields: update.fields,
});

const DraftPayload = (name: string, description: string) =>
  payload(name, "draft", DraftRef, description);

const PreviewDraftPayload = builder
  .objectRef<{ message: string }>("PreviewDraftPayload")
  .implement({
    description: "The ads service's answer: a preview notification was sent to your devices.",
    fields: (t) => ({ message: t.exposeString("message") }),
  });

builder.mutationFields((t) => ({
  updateDraft: t.field({
    type: DraftPayload("UpdateDraft", "The draft as it is now."),
    description: "Changes a draft's text, name, promoted-only flag, card or media (spec §4.7).",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateDraft", [MediaRuleError]),
    args: { input: t.arg({ type: UpdateDraftInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = update.params(input);
        const { data } = await upstream.call("draft_posts.update", params);
        return { draft: accountPostOf(data, params.account_id, "DRAFT") };
      }, update.fieldOf),
  }),
  deleteDraft: t.field({
    type: deletePayload(
      "DeleteDraft",
      "draft",
      DraftRef,
      "The draft as it was (deleted: true); it is gone for good.",
    ),
    description: "Deletes a draft for good (spec §3, §4.7: it cannot be read again).",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteDraft"),
    args: inputArg(t.arg, "DeleteDraft", remove.fields, "The draft to delete."),
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = remove.params(input);
        const { data } = await upstream.call("draft_posts.delete", params);
        return deleted(
          DraftRef,
          entityKey(params.account_id, data.id),
          accountPostOf({ ...data, status: "DELETED" }, params.account_id, "DRAFT"),
        );
      }, remove.fieldOf),
  }),
  previewDraft: t.field({
    type: PreviewDraftPayload,
    description:
      "Sends an on-device preview of a draft to the caller's devices (spec §4.7); only the " +
      "caller sees it.",
    authScopes: { authenticated: true },
    errors: mutationErrors("PreviewDraft"),
    args: inputArg(t.arg, "PreviewDraft", preview.fields, "The draft to preview."),
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const { data } = await upstream.call("draft_posts.preview", preview.params(input));
        return { message: data.message };
      }, preview.fieldOf),
  }),
}));
