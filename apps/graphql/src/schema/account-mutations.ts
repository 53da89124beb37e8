import { builder } from "../builder.js";
import { ID_INPUT } from "../input/input-rules.js";
import { AccountRef } from "./account.js";
import { IndustryTypeEnum } from "./enums.js";
import { attempt, inputPath, mutationErrors, optional, payload } from "./mutations.js";

const AccountPayload = (name: string, description: string) =>
  payload(name, "account", AccountRef, description);

const UpdateAccountInput = builder.inputType("UpdateAccountInput", {
  fields: (t) => ({
    accountId: t.string({ required: true, ...ID_INPUT }),
    name: t.string({ description: "A new name." }),
    industryType: t.field({ type: IndustryTypeEnum }),
  }),
});

const AccountIdInput = builder.inputType("AccountIdInput", {
  fields: (t) => ({ accountId: t.string({ required: true, ...ID_INPUT }) }),
});

const accountFields = inputPath();

builder.mutationFields((t) => ({
  updateAccount: t.field({
    type: AccountPayload("UpdateAccount", "The account as it is now."),
    description: "Renames an account or sets its industry type (spec §4.3 PUT).",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateAccount"),
    args: { input: t.arg({ type: UpdateAccountInput, required: true }) },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const { data } = await upstream.call("accounts.update", {
          account_id: input.accountId,
          name: optional(input.name),
          industry_type: optional(input.industryType),
        });
        loaders.account.prime(data.id, data);
        return { account: data };
      }, accountFields),
  }),
  createSandboxAccount: t.field({
    type: AccountPayload("CreateSandboxAccount", "The new sandbox account."),
    description: "Creates an account on the sandbox host, at no cost (spec §4.3).",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateSandboxAccount"),
    resolve: (_root, _args, { upstream }) =>
      attempt(async () => ({ account: (await upstream.call("accounts.create", {})).data })),
  }),
  deleteSandboxAccount: t.field({
    type: AccountPayload("DeleteSandboxAccount", "The account, now with deleted=true."),
    description: "Deletes a sandbox account (sandbox host only); it is returned with deleted=true.",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteSandboxAccount"),
    args: { input: t.arg({ type: AccountIdInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(
        async () => ({
          account: (await upstream.call("accounts.delete", { account_id: input.accountId })).data,
        }),
        accountFields,
      ),
  }),
}));
