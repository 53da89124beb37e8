import { rejectErrors } from "@pothos/plugin-dataloader";
import { builder } from "../../builder.js";
import { entityKey } from "../../loaders/keys.js";
import type { PromotedPostShape } from "../../loaders/shapes.js";
import { attachmentFields } from "../campaigns/attachment-fields.js";
import { observedFields } from "../../fields/observed-fields.js";
import { ApprovalStatus, ObservedEntityStatus } from "../common/observed-enums.js";

export const PromotedPostRef = builder.objectRef<PromotedPostShape>("PromotedPost");

builder.node(PromotedPostRef, {
  description:
    "A post promoted on a line item: the line item shows it as an ad. Read only: this API " +
    "offers no way to create, change or remove one.",
  id: {
    description: "The promoted post's global id: what `node(id:)` takes.",
    resolve: (p) => entityKey(p.account_id, p.id),
  },
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.byId("promoted_posts.list").loadMany(keys)),
  fields: (t) => ({
    ...attachmentFields(t),
    lineItemId: t.string({
      nullable: true,
      description: "The rawId of the line item that promotes the post; null when not known.",
      resolve: (p) => p.line_item_id ?? null,
    }),
    postId: t.string({
      description: "The id of the post promoted, as digits (a number too long for Int).",
      resolve: (p) => p.post_id,
    }),
    ...observedFields(t, "entityStatus", {
      enum: ObservedEntityStatus,
      description:
        "Whether the promoted post is switched on; null when the ads service does not say.",
      resolve: (p) => p.entity_status,
    }),
    ...observedFields(t, "approvalStatus", {
      enum: ApprovalStatus,
      description:
        "Whether the ads service's review accepted the promoted post; null when it does not say.",
      resolve: (p) => p.approval_status,
    }),
  }),
});
