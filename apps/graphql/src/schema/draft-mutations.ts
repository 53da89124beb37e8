import { builder } from "../builder.js";
import { MediaRuleError } from "../errors/facade-errors.js";
import { ID_INPUT } from "../input/input-rules.js";
import { accountPostOf } from "../loaders/post-reads.js";
import { DraftRef } from "./draft.js";
import { attempt, inputPath, mutationErrors, optional, ownedId, payload } from "./mutations.js";

const UpdateDraftInput = builder.inputType("UpdateDraftInput", {
  description: "Changes the given fields of a draft (spec §4.7 PUT draft_posts); others stay.",
  fields: (t) => ({
    id: t.globalID({ required: true, for: [DraftRef] }),
    text: t.string(),
    name: t.string({ description: "At most 80 characters." }),
    nullcast: t.boolean({ description: "Promoted-only." }),
    cardUri: t.string({ description: "`card://<card_id>`; an empty string removes the card." }),
    mediaKeys: t.stringList({
      ...ID_INPUT,
      description:
        "Media library keys (up to 4 images, or 1 animated GIF, or 1 video); empty removes them.",
    }),
  }),
});

const fields = inputPath({ draft_post_id: "id" });
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
        const { accountId, id } = ownedId(input.id);
        const { data } = await upstream.call("draft_posts.update", {
          account_id: accountId,
          draft_post_id: id,
          text: optional(input.text),
          name: optional(input.name),
          nullcast: optional(input.nullcast),
          card_uri: optional(input.cardUri),
          media_keys: optional(input.mediaKeys),
        });
        return { draft: accountPostOf(data, accountId, "DRAFT") };
      }, fields),
  }),
  deleteDraft: t.field({
    type: DraftPayload("DeleteDraft", "The draft as it was (deleted: true); it is gone for good."),
    description: "Deletes a draft for good (spec §3, §4.7: it cannot be read again).",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteDraft"),
    args: { id: t.arg.globalID({ required: true, for: [DraftRef] }) },
    resolve: (_root, args, { upstream }) =>
      attempt(async () => {
        const { accountId, id } = ownedId(args.id);
        const { data } = await upstream.call("draft_posts.delete", {
          account_id: accountId,
          draft_post_id: id,
        });
        return { draft: accountPostOf({ ...data, status: "DELETED" }, accountId, "DRAFT") };
      }, fields),
  }),
  previewDraft: t.field({
    type: PreviewDraftPayload,
    description:
      "Sends an on-device preview of a draft to the caller's devices (spec §4.7); only the " +
      "caller sees it.",
    authScopes: { authenticated: true },
    errors: mutationErrors("PreviewDraft"),
    args: { id: t.arg.globalID({ required: true, for: [DraftRef] }) },
    resolve: (_root, args, { upstream }) =>
      attempt(async () => {
        const { accountId, id } = ownedId(args.id);
        const { data } = await upstream.call("draft_posts.preview", {
          account_id: accountId,
          draft_post_id: id,
        });
        return { message: data.message };
      }, fields),
  }),
}));
