import { TRACKING_TAG_TYPES } from "@adsgraph/models";
import { rejectErrors } from "@pothos/plugin-dataloader";
import { builder } from "../../builder.js";
import { entityKey } from "../../loaders/keys.js";
import type { TrackingTagShape } from "../../loaders/shapes.js";
import { attachmentFields } from "../campaigns/attachment-fields.js";
import { closedEnum } from "../common/enums.js";

export const TrackingTagTypeEnum = closedEnum("TrackingTagType", {
  description: "spec §2.11.",
  values: TRACKING_TAG_TYPES,
});

export const TrackingTagRef = builder.objectRef<TrackingTagShape>("TrackingTag");

builder.node(TrackingTagRef, {
  description: "An impression tag or click tracker of a line item (spec §2.11, §4.6).",
  id: { resolve: (tag) => entityKey(tag.account_id, tag.id) },
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.trackingTag.loadMany(keys)),
  fields: (t) => ({
    ...attachmentFields(t),
    lineItemId: t.string({ resolve: (tag) => tag.line_item_id }),
    trackingTagType: t.field({
      type: TrackingTagTypeEnum,
      resolve: (tag) => tag.tracking_tag_type,
    }),
    trackingTagUrl: t.string({ resolve: (tag) => tag.tracking_tag_url }),
  }),
});
