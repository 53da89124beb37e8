import { rejectErrors } from "@pothos/plugin-dataloader";
import { builder } from "../../builder.js";
import { entityKey } from "../../loaders/keys.js";
import type { PromotedAccountShape } from "../../loaders/shapes.js";
import { attachmentFields } from "../campaigns/attachment-fields.js";

export const PromotedAccountRef = builder.objectRef<PromotedAccountShape>("PromotedAccount");

builder.node(PromotedAccountRef, {
  description:
    "A user promoted on a line item (spec §2.11, §4.6); only line items whose product type " +
    "allows promoted accounts hold them. There is no update: delete and create again.",
  id: { resolve: (p) => entityKey(p.account_id, p.id) },
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.promotedAccount.loadMany(keys)),
  fields: (t) => ({
    ...attachmentFields(t),
    lineItemId: t.string({ resolve: (p) => p.line_item_id }),
    userId: t.string({
      description: "The promoted user: a long id as a string of digits.",
      resolve: (p) => p.user_id,
    }),
    entityStatus: t.string({
      nullable: true,
      description: "Observed: ACTIVE, PAUSED.",
      resolve: (p) => p.entity_status ?? null,
    }),
    approvalStatus: t.string({
      nullable: true,
      description: "Observed: ACCEPTED.",
      resolve: (p) => p.approval_status ?? null,
    }),
  }),
});
