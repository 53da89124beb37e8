import { rejectErrors } from "@pothos/plugin-dataloader";
import { builder } from "../../builder.js";
import { MediaRuleError } from "../../errors/facade-errors.js";
import { idInAccount } from "../../fields/entity-ids.js";
import { entityKey } from "../../loaders/keys.js";
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
import { accountPostOf } from "../../loaders/post-reads.js";
import { PostMediaRef } from "./post-parts.js";
import { ACCOUNT_BY_ID, callRule, eachRule, fetchedBy } from "../../cost/fetch-rule.js";
import type { PageRule } from "../../cost/fetch-rule.js";

export const DraftRef = builder.objectRef<AccountPostShape>("Draft");

builder.node(DraftRef, {
  description:
    "A draft post of an ad account: written, not published. Listed by the account's `posts` " +
    "(type DRAFT); one is read by `Account.draft` or `node`.",
  interfaces: [AccountPostInterface],
  id: {
    description: "The draft's global id: give it to `Account.draft(id:)` or `node(id:)`.",
    resolve: (d) => entityKey(d.account_id, d.id),
  },
  isTypeOf: isAccountPostOf("DRAFT"),
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.accountPosts.draft.loadMany(keys)),
  fields: (t) => ({
    userId: t.string({
      nullable: true,
      description: "The author's user id in the ads service (digits); null when unknown.",
      resolve: (d) => d.user_id ?? d.user?.id ?? null,
    }),
    text: t.string({
      description: "The draft's text; empty when it has only media.",
      resolve: (d) => d.full_text ?? d.text ?? "",
    }),
    nullcast: t.boolean({
      description:
        "True for a promoted-only post (the default): once published it shows only as an ad, " +
        "not on the author's timeline.",
      resolve: (d) => d.nullcast ?? true,
    }),
    mediaKeys: t.stringList({
      description:
        "Media library keys (`<digits>_<digits>`) of the attached media, in order; empty when " +
        "it has none.",
      resolve: (d) => [...(d.media_keys ?? [])],
    }),
    media: t.field({
      type: [PostMediaRef],
      complexity: SMALL_LIST,
      description: "The attached media, in order: only each item's `mediaKey` is known.",
      resolve: (d) => mediaOfKeys(d.media_keys),
    }),
    deleted: t.boolean({
      description: "True only in deleteDraft's answer: the draft is gone and cannot be read again.",
      resolve: (d) => d.status === "DELETED",
    }),
    account: t.field({
      type: AccountRef,
      nullable: true,
      description:
        "The ad account the draft belongs to; null, with an error, when it cannot be read.",
      ...fetchedBy(ACCOUNT_BY_ID),
      resolve: (d, _args, { loaders }) => loaders.account.load(d.account_id),
    }),
  }),
});

/**
 * A draft by its id argument through loaders.accountPosts.draft: the drafts asked in one tick
 * share a lookup (≤ one request each); none when a list of the query held it already.
 */
const DRAFT = eachRule("posts.list", { optional: true, argument: "id" });
/** One page per account asked (loaders.library.draftsPage); the list has no total count. */
const DRAFTS: PageRule = {
  kind: "page",
  list: "draft_posts.list",
  maxCount: unpublishedListFilters.maxCount("draft_posts.list"),
  counts: false,
  primes: null,
  owner: "account",
};

builder.objectFields(AccountRef, (t) => ({
  draft: t.field({
    ...fetchedBy(DRAFT),
    type: DraftRef,
    nullable: true,
    description:
      "One draft of this account, by its `id`; null, with a NOT_FOUND error, when missing.",
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
    draft_post_id: "The `id` of the draft to change.",
    text: "The new text.",
    name: "The draft's name, for finding it among the account's posts (at most 80 characters).",
    nullcast: "True: promoted-only (shown only as an ad); false: also on the author's timeline.",
    card_uri: "The card to attach, as `card://<card id>`; an empty string removes the card.",
    media_keys:
      "Media library keys (up to 4 images, or 1 animated GIF, or 1 video); empty removes them.",
  },
});
const remove = mutationArgs("draft_posts.delete", {
  globalIds,
  describe: { draft_post_id: "The `id` of the draft to delete." },
});
const preview = mutationArgs("draft_posts.preview", {
  globalIds,
  describe: { draft_post_id: "The `id` of the draft to preview." },
});

const UpdateDraftInput = builder.inputType("UpdateDraftInput", {
  description: "Changes the given fields of a draft; fields left out stay as they are.",
  fields: update.fields,
});

const DraftPayload = (name: string, description: string) =>
  payload(name, "draft", DraftRef, description);

const PreviewDraftPayload = builder
  .objectRef<{ message: string }>("PreviewDraftPayload")
  .implement({
    description:
      "The preview was sent: it shows as a notification on the signed-in user's devices.",
    fields: (t) => ({
      message: t.exposeString("message", {
        description: "The confirmation, as an English sentence to show.",
      }),
    }),
  });

const UPDATE_DRAFT_CALL = callRule("draft_posts.update", update.params);
const DELETE_DRAFT_CALL = callRule("draft_posts.delete", remove.params);
const PREVIEW_DRAFT_CALL = callRule("draft_posts.preview", preview.params);

builder.mutationFields((t) => ({
  updateDraft: t.field({
    ...fetchedBy(UPDATE_DRAFT_CALL),
    type: DraftPayload("UpdateDraft", "The draft as it is now."),
    description: "Changes a draft's text, name, promoted-only flag, card or media.",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateDraft", [MediaRuleError]),
    args: {
      input: t.arg({
        type: UpdateDraftInput,
        required: true,
        description: "The draft and the fields to change.",
      }),
    },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = update.params(input);
        const { data } = await upstream.call(UPDATE_DRAFT_CALL.endpoint, params);
        return { draft: accountPostOf(data, params.account_id, "DRAFT") };
      }, update.fieldOf),
  }),
  deleteDraft: t.field({
    ...fetchedBy(DELETE_DRAFT_CALL),
    type: deletePayload(
      "DeleteDraft",
      "draft",
      DraftRef,
      "The draft as it was (deleted: true); it is gone for good.",
    ),
    description: "Deletes a draft for good: it cannot be read again.",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteDraft"),
    args: inputArg(t.arg, "DeleteDraft", remove.fields, "The draft to delete."),
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = remove.params(input);
        const { data } = await upstream.call(DELETE_DRAFT_CALL.endpoint, params);
        return deleted(
          DraftRef,
          entityKey(params.account_id, data.id),
          accountPostOf({ ...data, status: "DELETED" }, params.account_id, "DRAFT"),
        );
      }, remove.fieldOf),
  }),
  previewDraft: t.field({
    ...fetchedBy(PREVIEW_DRAFT_CALL),
    type: PreviewDraftPayload,
    description:
      "Sends a preview of a draft, as it would look published, to the signed-in user's " +
      "devices; only they see it.",
    authScopes: { authenticated: true },
    errors: mutationErrors("PreviewDraft"),
    args: inputArg(t.arg, "PreviewDraft", preview.fields, "The draft to preview."),
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const { data } = await upstream.call(PREVIEW_DRAFT_CALL.endpoint, preview.params(input));
        return { message: data.message };
      }, preview.fieldOf),
  }),
}));

// Beyond the spec (vendor v12 draft_tweets): the account's drafts as a list of their own, and
// their create.
const DraftConnection = connectionType(
  "Draft",
  DraftRef,
  "Drafts of an ad account, newest first.",
  // The drafts list takes no with_total_count.
  { totalCount: false },
);

builder.objectFields(AccountRef, (t) => ({
  drafts: t.field({
    ...fetchedBy(DRAFTS),
    type: DraftConnection,
    nullable: true,
    description:
      "The account's drafts of one promotable user, promoted-only and organic alike, newest " +
      "first, a page at a time. There is no total count. Null, with an error, when they cannot " +
      "be read. " +
      FORWARD_ONLY,
    complexity: connectionComplexity,
    args: unpublishedListArgs(t.arg, "draft_posts.list", "drafts"),
    resolve: (account, args, { loaders }, info) =>
      resolveConnection(
        info,
        args,
        DRAFTS.maxCount,
        (page) =>
          loaders.library.draftsPage(account.id, { ...unpublishedListFilters.of(args), ...page }),
        () => Promise.resolve(0),
      ),
  }),
}));

const create = mutationArgs("draft_posts.create", {
  describe: {
    account_id: "The `id` of the ad account to keep the draft in.",
    as_user_id: "The `id` of the user to write as: one of the account's promotable users.",
    text: "The draft's text; required without media.",
    name: "The draft's name, for finding it among the account's posts (at most 80 characters).",
    nullcast:
      "True (the default): promoted-only once published; false: also on the author's timeline.",
    card_uri: "A card of the account to attach, as `card://<card id>`.",
    media_keys:
      "Media library keys: up to 4 images, or 1 animated GIF, or 1 video, that the author may " +
      "use (they uploaded it, or are one of its additional owners).",
  },
});

const CreateDraftInput = builder.inputType("CreateDraftInput", {
  description:
    "A draft written through an ad account as one of its promotable users: text, media, or both.",
  fields: create.fields,
});

const CREATE_DRAFT_CALL = callRule("draft_posts.create", create.params);

builder.mutationFields((t) => ({
  createDraft: t.field({
    ...fetchedBy(CREATE_DRAFT_CALL),
    type: DraftPayload("CreateDraft", "The new draft."),
    description:
      "Writes a draft through an ad account as one of its promotable users; nothing is " +
      "published.",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateDraft", [MediaRuleError]),
    args: {
      input: t.arg({ type: CreateDraftInput, required: true, description: "The draft to write." }),
    },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = create.params(input);
        const { data } = await upstream.call(CREATE_DRAFT_CALL.endpoint, params);
        return { draft: accountPostOf(data, params.account_id, "DRAFT") };
      }, create.fieldOf),
  }),
}));
