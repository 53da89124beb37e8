import { builder } from "../builder.js";
import { DoNotReachListExistsError } from "../errors/facade-errors.js";
import { ID_INPUT } from "../input/input-rules.js";
import type { DoNotReachListShape } from "../loaders/shapes.js";
import { AccountRef } from "./account.js";
import { attempt, inputPath, mutationErrors, payload } from "./mutations.js";

export const DoNotReachListRef = builder
  .objectRef<DoNotReachListShape>("DoNotReachList")
  .implement({
    description:
      "The account's do-not-reach list (spec §2.11, §4.8): its users are left out of every " +
      "campaign of the account, without leaving any custom audience. One per account.",
    fields: (t) => ({
      rawId: t.string({
        description: "The list id as the ads service names it.",
        resolve: (l) => l.id,
      }),
      description: t.string({ nullable: true, resolve: (l) => l.description ?? null }),
      userCount: t.int({
        nullable: true,
        description: "Hashed e-mails it holds now (expired entries are not counted).",
        resolve: (l) => l.user_count ?? null,
      }),
      createdAt: t.field({
        type: "DateTime",
        nullable: true,
        resolve: (l) => l.created_at ?? null,
      }),
      updatedAt: t.field({
        type: "DateTime",
        nullable: true,
        resolve: (l) => l.updated_at ?? null,
      }),
      deleted: t.boolean({ resolve: (l) => l.deleted ?? false }),
      account: t.field({
        type: AccountRef,
        nullable: true,
        resolve: (l, _args, { loaders }) => loaders.account.load(l.account_id),
      }),
    }),
  });

builder.objectFields(AccountRef, (t) => ({
  doNotReachList: t.field({
    type: DoNotReachListRef,
    nullable: true,
    description: "The account's do-not-reach list; null when it has none.",
    resolve: (account, _args, { loaders }) => loaders.doNotReachList.load(account.id),
  }),
}));

const CreateDoNotReachListInput = builder.inputType("CreateDoNotReachListInput", {
  fields: (t) => ({
    accountId: t.string({ required: true, ...ID_INPUT }),
    description: t.string(),
  }),
});

const DeleteDoNotReachListInput = builder.inputType("DeleteDoNotReachListInput", {
  fields: (t) => ({
    accountId: t.string({ required: true, ...ID_INPUT }),
    id: t.string({ required: true, ...ID_INPUT, description: "DoNotReachList.rawId." }),
  }),
});

const ListPayload = (name: string, description: string) =>
  payload(name, "doNotReachList", DoNotReachListRef, description);

const fields = inputPath({ do_not_reach_list_id: "id" });

builder.mutationFields((t) => ({
  createDoNotReachList: t.field({
    type: ListPayload("CreateDoNotReachList", "The new list."),
    description:
      "Creates the account's do-not-reach list (spec §4.8); an account has one at most " +
      "(DoNotReachListExistsError).",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateDoNotReachList", [DoNotReachListExistsError]),
    args: { input: t.arg({ type: CreateDoNotReachListInput, required: true }) },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const { data } = await upstream.call("do_not_reach_lists.create", {
          account_id: input.accountId,
          ...(input.description != null && { description: input.description }),
        });
        const doNotReachList = { ...data, account_id: input.accountId };
        loaders.doNotReachList.prime(input.accountId, doNotReachList);
        return { doNotReachList };
      }, fields),
  }),
  deleteDoNotReachList: t.field({
    type: ListPayload("DeleteDoNotReachList", "The list as it was deleted."),
    description: "Deletes the account's do-not-reach list (spec §4.8).",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteDoNotReachList"),
    args: { input: t.arg({ type: DeleteDoNotReachListInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const { data } = await upstream.call("do_not_reach_lists.delete", {
          account_id: input.accountId,
          do_not_reach_list_id: input.id,
        });
        return { doNotReachList: { ...data, account_id: input.accountId } };
      }, fields),
  }),
}));
