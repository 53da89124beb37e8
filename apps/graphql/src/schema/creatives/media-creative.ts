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
import type { MediaCreativeShape } from "../../loaders/shapes.js";
import { attachmentFields } from "../campaigns/attachment-fields.js";
import { AccountMediaRef } from "./media.js";
import { observedFields } from "../../fields/observed-fields.js";
import {
  ApprovalStatus,
  MediaCreativeType,
  ObservedEntityStatus,
} from "../common/observed-enums.js";

export const MediaCreativeRef = builder.objectRef<MediaCreativeShape>("MediaCreative");

builder.node(MediaCreativeRef, {
  description: "Account media placed on a line item (spec §4.6 media creatives).",
  id: { resolve: (c) => entityKey(c.account_id, c.id) },
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.byId("media_creatives.get").loadMany(keys)),
  fields: (t) => ({
    ...attachmentFields(t),
    lineItemId: t.string({ resolve: (c) => c.line_item_id }),
    accountMediaId: t.string({ resolve: (c) => c.account_media_id }),
    accountMedia: t.field({
      type: AccountMediaRef,
      nullable: true,
      description: "Read in batches of 200 ids per request for every creative of the response.",
      resolve: (c, _args, { loaders }) =>
        loaders.byId("account_media.get").load(entityKey(c.account_id, c.account_media_id)),
    }),
    ...observedFields(t, "creativeType", {
      enum: MediaCreativeType,
      description:
        "The ad format of the account media the creative shows; null when the ads service does not say.",
      resolve: (c) => c.creative_type,
    }),
    ...observedFields(t, "entityStatus", {
      enum: ObservedEntityStatus,
      description:
        "Whether the media creative is switched on; null when the ads service does not say.",
      resolve: (c) => c.entity_status,
    }),
    ...observedFields(t, "approvalStatus", {
      enum: ApprovalStatus,
      description:
        "Whether the ads service's review accepted the media creative; null when it does not say.",
      resolve: (c) => c.approval_status,
    }),
    landingUrl: t.string({
      nullable: true,
      description: "Required when the line item's objective is WEBSITE_CLICKS.",
      resolve: (c) => c.landing_url ?? null,
    }),
  }),
});

const create = mutationArgs("media_creatives.create", {
  describe: {
    account_media_id: "Account media of this account (from the media library).",
    landing_url:
      "An http(s) URL; required when the line item's objective is WEBSITE_CLICKS (image ads).",
  },
});
const remove = mutationArgs("media_creatives.delete", {
  globalIds: { media_creative_id: MediaCreativeRef },
});

const CreateMediaCreativeInput = builder.inputType("CreateMediaCreativeInput", {
  fields: create.fields,
});

builder.mutationFields((t) => ({
  createMediaCreative: t.field({
    type: createPayload(
      "CreateMediaCreative",
      "mediaCreative",
      MediaCreativeRef,
      "The new media creative.",
      onLineItem,
    ),
    description: "Places account media on a line item (spec §4.6).",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateMediaCreative", [IncompatibleLineItemError]),
    args: { input: t.arg({ type: CreateMediaCreativeInput, required: true }) },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const params = create.params(input);
        const { data } = await upstream.call("media_creatives.create", params);
        const mediaCreative = ownedBy(data, params.account_id);
        loaders
          .byId("media_creatives.get")
          .prime(entityKey(params.account_id, data.id), mediaCreative);
        afterAttachmentWrite(loaders, params.account_id, params.line_item_id);
        return { mediaCreative };
      }, create.fieldOf),
  }),
  deleteMediaCreative: t.field({
    type: deletePayload(
      "DeleteMediaCreative",
      "mediaCreative",
      MediaCreativeRef,
      "The media creative, now deleted.",
    ),
    description: "Removes a media creative from its line item (spec §4.6).",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteMediaCreative"),
    args: inputArg(t.arg, "DeleteMediaCreative", remove.fields, "The media creative to delete."),
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const params = remove.params(input);
        const { data } = await upstream.call("media_creatives.delete", params);
        afterAttachmentWrite(loaders, params.account_id, data.line_item_id);
        return deleted(
          MediaCreativeRef,
          entityKey(params.account_id, data.id),
          ownedBy(data, params.account_id),
        );
      }, remove.fieldOf),
  }),
}));
