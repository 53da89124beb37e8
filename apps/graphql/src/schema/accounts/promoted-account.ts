import { rejectErrors } from "@pothos/plugin-dataloader";
import { onLineItem } from "../campaigns/line-item.js";
import { builder } from "../../builder.js";
import { IncompatibleLineItemError } from "../../errors/facade-errors.js";
import { afterAttachmentWrite } from "../../fields/attachment-writes.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import {
  attempt,
  createPayload,
  deleted,
  deletePayload,
  inputArg,
  mutationErrors,
  ownedBy,
} from "../../fields/mutations.js";
import { entityKey } from "../../loaders/keys.js";
import type { PromotedAccountShape } from "../../loaders/shapes.js";
import { attachmentFields } from "../campaigns/attachment-fields.js";
import { observedFields } from "../../fields/observed-fields.js";
import { ApprovalStatus, ObservedEntityStatus } from "../common/observed-enums.js";
import { callRule, fetchedBy } from "../../cost/fetch-rule.js";

export const PromotedAccountRef = builder.objectRef<PromotedAccountShape>("PromotedAccount");

builder.node(PromotedAccountRef, {
  description:
    "A user promoted on a line item, so its ads suggest following them; only line items " +
    "whose product type allows promoted accounts hold them. It cannot be changed: delete it " +
    "and create another.",
  id: {
    description: "The promoted account's global id: what `node(id:)` and arguments take.",
    resolve: (p) => entityKey(p.account_id, p.id),
  },
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.byId("promoted_accounts.get").loadMany(keys)),
  fields: (t) => ({
    ...attachmentFields(t),
    lineItemId: t.string({
      description: "The `rawId` of the line item the user is promoted on.",
      resolve: (p) => p.line_item_id,
    }),
    userId: t.string({
      description: "The promoted user's id (digits, kept as a string: it exceeds 2^53).",
      resolve: (p) => p.user_id,
    }),
    ...observedFields(t, "entityStatus", {
      enum: ObservedEntityStatus,
      description: "Whether the promoted account is switched on; null when not known.",
      resolve: (p) => p.entity_status,
    }),
    ...observedFields(t, "approvalStatus", {
      enum: ApprovalStatus,
      description: "Whether the ads review accepted the promoted account; null when not known yet.",
      resolve: (p) => p.approval_status,
    }),
  }),
});

const create = mutationArgs("promoted_accounts.create", {
  describe: {
    account_id: "The account of the line item (its `id`).",
    line_item_id: "The line item to promote the user on: its product type must allow it.",
    user_id: "The user to promote: their id, digits as a string.",
  },
});
const remove = mutationArgs("promoted_accounts.delete", {
  globalIds: { promoted_account_id: PromotedAccountRef },
  describe: { promoted_account_id: "The promoted account to delete (its `id`)." },
});

const CreatePromotedAccountInput = builder.inputType("CreatePromotedAccountInput", {
  description: "The user to promote and the line item to promote them on.",
  fields: create.fields,
});

const CREATE_PROMOTED_ACCOUNT_CALL = callRule("promoted_accounts.create", create.params);
const DELETE_PROMOTED_ACCOUNT_CALL = callRule("promoted_accounts.delete", remove.params);

builder.mutationFields((t) => ({
  createPromotedAccount: t.field({
    ...fetchedBy(CREATE_PROMOTED_ACCOUNT_CALL),
    type: createPayload(
      "CreatePromotedAccount",
      "promotedAccount",
      PromotedAccountRef,
      "The promoted account (the existing one when the user was promoted already).",
      onLineItem,
    ),
    description:
      "Promotes a user on a line item. A line item that cannot hold promoted " +
      "accounts is an IncompatibleLineItemError; an ineligible user a ValidationError on " +
      "`userId`, and nobody is promoted. There is no update.",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreatePromotedAccount", [IncompatibleLineItemError]),
    args: { input: t.arg({ type: CreatePromotedAccountInput, required: true }) },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const params = create.params(input);
        const { data } = await upstream.call(CREATE_PROMOTED_ACCOUNT_CALL.endpoint, params);
        const promotedAccount = ownedBy(data, params.account_id);
        loaders
          .byId("promoted_accounts.get")
          .prime(entityKey(params.account_id, data.id), promotedAccount);
        afterAttachmentWrite(loaders, params.account_id, params.line_item_id);
        return { promotedAccount };
      }, create.fieldOf),
  }),
  deletePromotedAccount: t.field({
    ...fetchedBy(DELETE_PROMOTED_ACCOUNT_CALL),
    type: deletePayload(
      "DeletePromotedAccount",
      "promotedAccount",
      PromotedAccountRef,
      "The promoted account, now deleted.",
    ),
    description: "Stops promoting a user on its line item.",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeletePromotedAccount"),
    args: inputArg(
      t.arg,
      "DeletePromotedAccount",
      remove.fields,
      "The promoted account to delete.",
    ),
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const params = remove.params(input);
        const { data } = await upstream.call(DELETE_PROMOTED_ACCOUNT_CALL.endpoint, params);
        afterAttachmentWrite(loaders, params.account_id, data.line_item_id);
        return deleted(
          PromotedAccountRef,
          entityKey(params.account_id, data.id),
          ownedBy(data, params.account_id),
        );
      }, remove.fieldOf),
  }),
}));
