import { builder } from "../builder.js";
import { IncompatibleLineItemError } from "../errors/facade-errors.js";
import { ID_INPUT } from "../input/input-rules.js";
import { entityKey } from "../loaders/keys.js";
import { afterAttachmentWrite, ownedBy } from "./attachment-writes.js";
import { attempt, inputPath, mutationErrors, ownedId, payload } from "./mutations.js";
import { PromotedAccountRef } from "./promoted-account.js";

const fields = inputPath({ promoted_account_id: "id" });

const CreatePromotedAccountInput = builder.inputType("CreatePromotedAccountInput", {
  fields: (t) => ({
    accountId: t.string({ required: true, ...ID_INPUT }),
    lineItemId: t.string({
      required: true,
      ...ID_INPUT,
      description: "A line item whose product type allows promoted accounts.",
    }),
    userId: t.string({
      required: true,
      ...ID_INPUT,
      description: "The user to promote: a long id as a string of digits.",
    }),
  }),
});

const PromotedAccountPayload = (name: string, description: string) =>
  payload(name, "promotedAccount", PromotedAccountRef, description);

builder.mutationFields((t) => ({
  createPromotedAccount: t.field({
    type: PromotedAccountPayload(
      "CreatePromotedAccount",
      "The promoted account (the existing one when the user was promoted already).",
    ),
    description:
      "Promotes a user on a line item (spec §4.6). A line item that cannot hold promoted " +
      "accounts is an IncompatibleLineItemError; an ineligible user a ValidationError on " +
      "`userId`, and nobody is promoted. There is no update.",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreatePromotedAccount", [IncompatibleLineItemError]),
    args: { input: t.arg({ type: CreatePromotedAccountInput, required: true }) },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const { data } = await upstream.call("promoted_accounts.create", {
          account_id: input.accountId,
          line_item_id: input.lineItemId,
          user_id: input.userId,
        });
        const promotedAccount = ownedBy(data, input.accountId);
        loaders.promotedAccount.prime(entityKey(input.accountId, data.id), promotedAccount);
        afterAttachmentWrite(loaders, input.accountId, input.lineItemId);
        return { promotedAccount };
      }, fields),
  }),
  deletePromotedAccount: t.field({
    type: PromotedAccountPayload("DeletePromotedAccount", "The promoted account, now deleted."),
    description: "Stops promoting an account on its line item (spec §4.6).",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeletePromotedAccount"),
    args: { id: t.arg.globalID({ required: true, for: [PromotedAccountRef] }) },
    resolve: (_root, args, { upstream, loaders }) =>
      attempt(async () => {
        const { accountId, id } = ownedId(args.id);
        const { data } = await upstream.call("promoted_accounts.delete", {
          account_id: accountId,
          promoted_account_id: id,
        });
        afterAttachmentWrite(loaders, accountId, data.line_item_id);
        return { promotedAccount: ownedBy(data, accountId) };
      }, fields),
  }),
}));
