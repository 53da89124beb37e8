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
    "A post promoted on a line item (spec §2.11, §4.6). Read only: the spec shows no creation, " +
    "update or deletion.",
  id: { resolve: (p) => entityKey(p.account_id, p.id) },
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.byId("promoted_posts.list").loadMany(keys)),
  fields: (t) => ({
    ...attachmentFields(t),
    lineItemId: t.string({ nullable: true, resolve: (p) => p.line_item_id ?? null }),
    postId: t.string({
      description: "The promoted post: a long id as a string of digits.",
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
