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

export const PromotedAccountRef = builder.objectRef<PromotedAccountShape>("PromotedAccount");

builder.node(PromotedAccountRef, {
  description:
    "A user promoted on a line item (spec §2.11, §4.6); only line items whose product type " +
    "allows promoted accounts hold them. There is no update: delete and create again.",
  id: { resolve: (p) => entityKey(p.account_id, p.id) },
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.byId("promoted_accounts.get").loadMany(keys)),
  fields: (t) => ({
    ...attachmentFields(t),
    lineItemId: t.string({ resolve: (p) => p.line_item_id }),
    userId: t.string({
      description: "The promoted user: a long id as a string of digits.",
      resolve: (p) => p.user_id,
    }),
    ...observedFields(t, "entityStatus", {
      enum: ObservedEntityStatus,
      description:
        "Whether the promoted account is switched on; null when the ads service does not say.",
      resolve: (p) => p.entity_status,
    }),
    ...observedFields(t, "approvalStatus", {
      enum: ApprovalStatus,
      description:
        "Whether the ads service's review accepted the promoted account; null when it does not say.",
      resolve: (p) => p.approval_status,
    }),
  }),
});

const create = mutationArgs("promoted_accounts.create", {
  describe: {
    line_item_id: "A line item whose product type allows promoted accounts.",
    user_id: "The user to promote: a long id as a string of digits.",
  },
});
const remove = mutationArgs("promoted_accounts.delete", {
  globalIds: { promoted_account_id: PromotedAccountRef },
});

const CreatePromotedAccountInput = builder.inputType("CreatePromotedAccountInput", {
  fields: create.fields,
});

builder.mutationFields((t) => ({
  createPromotedAccount: t.field({
    type: createPayload(
      "CreatePromotedAccount",
      "promotedAccount",
      PromotedAccountRef,
      "The promoted account (the existing one when the user was promoted already).",
      onLineItem,
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
        const params = create.params(input);
        const { data } = await upstream.call("promoted_accounts.create", params);
        const promotedAccount = ownedBy(data, params.account_id);
        loaders
          .byId("promoted_accounts.get")
          .prime(entityKey(params.account_id, data.id), promotedAccount);
        afterAttachmentWrite(loaders, params.account_id, params.line_item_id);
        return { promotedAccount };
      }, create.fieldOf),
  }),
  deletePromotedAccount: t.field({
    type: deletePayload(
      "DeletePromotedAccount",
      "promotedAccount",
      PromotedAccountRef,
      "The promoted account, now deleted.",
    ),
    description: "Stops promoting an account on its line item (spec §4.6).",
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
        const { data } = await upstream.call("promoted_accounts.delete", params);
        afterAttachmentWrite(loaders, params.account_id, data.line_item_id);
        return deleted(
          PromotedAccountRef,
          entityKey(params.account_id, data.id),
          ownedBy(data, params.account_id),
        );
      }, remove.fieldOf),
  }),
}));
