import { builder } from "../../builder.js";
import { MediaRuleError } from "../../errors/facade-errors.js";
import { accountPostOf } from "../../loaders/post-reads.js";
import { DraftRef } from "./draft.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import { attempt, mutationErrors, payload } from "../../fields/mutations.js";

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
    type: DraftPayload("DeleteDraft", "The draft as it was (deleted: true); it is gone for good."),
    description: "Deletes a draft for good (spec §3, §4.7: it cannot be read again).",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteDraft"),
    args: remove.args(),
    resolve: (_root, args, { upstream }) =>
      attempt(async () => {
        const params = remove.params(args);
        const { data } = await upstream.call("draft_posts.delete", params);
        return {
          draft: accountPostOf({ ...data, status: "DELETED" }, params.account_id, "DRAFT"),
        };
      }, remove.fieldOf),
  }),
  previewDraft: t.field({
    type: PreviewDraftPayload,
    description:
      "Sends an on-device preview of a draft to the caller's devices (spec §4.7); only the " +
      "caller sees it.",
    authScopes: { authenticated: true },
    errors: mutationErrors("PreviewDraft"),
    args: preview.args(),
    resolve: (_root, args, { upstream }) =>
      attempt(async () => {
        const { data } = await upstream.call("draft_posts.preview", preview.params(args));
        return { message: data.message };
      }, preview.fieldOf),
  }),
}));
