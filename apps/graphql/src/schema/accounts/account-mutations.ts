import { builder } from "../../builder.js";
import { AccountRef } from "./account.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import { attempt, mutationErrors, payload } from "../../fields/mutations.js";

const AccountPayload = (name: string, description: string) =>
  payload(name, "account", AccountRef, description);

const update = mutationArgs("accounts.update", { describe: { name: "A new name." } });
const remove = mutationArgs("accounts.delete");

const UpdateAccountInput = builder.inputType("UpdateAccountInput", { fields: update.fields });
const AccountIdInput = builder.inputType("AccountIdInput", { fields: remove.fields });

builder.mutationFields((t) => ({
  updateAccount: t.field({
    type: AccountPayload("UpdateAccount", "The account as it is now."),
    description: "Renames an account or sets its industry type (spec §4.3 PUT).",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateAccount"),
    args: { input: t.arg({ type: UpdateAccountInput, required: true }) },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const { data } = await upstream.call("accounts.update", update.params(input));
        loaders.account.prime(data.id, data);
        return { account: data };
      }, update.fieldOf),
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
          account: (await upstream.call("accounts.delete", remove.params(input))).data,
        }),
        remove.fieldOf,
      ),
  }),
}));
