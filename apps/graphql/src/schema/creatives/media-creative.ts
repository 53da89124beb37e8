import { rejectErrors } from "@pothos/plugin-dataloader";
import { builder } from "../../builder.js";
import { entityKey } from "../../loaders/keys.js";
import type { MediaCreativeShape } from "../../loaders/shapes.js";
import { attachmentFields } from "../campaigns/attachment-fields.js";
import { AccountMediaRef } from "./media.js";

export const MediaCreativeRef = builder.objectRef<MediaCreativeShape>("MediaCreative");

builder.node(MediaCreativeRef, {
  description: "Account media placed on a line item (spec §4.6 media creatives).",
  id: { resolve: (c) => entityKey(c.account_id, c.id) },
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.mediaCreative.loadMany(keys)),
  fields: (t) => ({
    ...attachmentFields(t),
    lineItemId: t.string({ resolve: (c) => c.line_item_id }),
    accountMediaId: t.string({ resolve: (c) => c.account_media_id }),
    accountMedia: t.field({
      type: AccountMediaRef,
      nullable: true,
      description: "Read in batches of 200 ids per request for every creative of the response.",
      resolve: (c, _args, { loaders }) =>
        loaders.accountMedia.load(entityKey(c.account_id, c.account_media_id)),
    }),
    creativeType: t.string({
      nullable: true,
      description: "The account media's creative type, as the answer carries it.",
      resolve: (c) => c.creative_type ?? null,
    }),
    entityStatus: t.string({
      nullable: true,
      description: "Observed: ACTIVE, PAUSED.",
      resolve: (c) => c.entity_status ?? null,
    }),
    approvalStatus: t.string({
      nullable: true,
      description: "Observed: ACCEPTED.",
      resolve: (c) => c.approval_status ?? null,
    }),
    landingUrl: t.string({
      nullable: true,
      description: "Required when the line item's objective is WEBSITE_CLICKS.",
      resolve: (c) => c.landing_url ?? null,
    }),
  }),
});
