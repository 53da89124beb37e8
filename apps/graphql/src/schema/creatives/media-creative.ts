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
import { byIdRule, callRule, fetchedBy } from "../../cost/fetch-rule.js";
import { observedFields } from "../../fields/observed-fields.js";
import {
  ApprovalStatus,
  MediaCreativeType,
  ObservedEntityStatus,
} from "../common/observed-enums.js";

export const MediaCreativeRef = builder.objectRef<MediaCreativeShape>("MediaCreative");

const ACCOUNT_MEDIA = byIdRule("account_media.get");

builder.node(MediaCreativeRef, {
  description:
    "Account media (an image or video ad) placed on a line item, so the line item shows it.",
  id: {
    description: "The media creative's global id: what `node(id:)` and deleteMediaCreative take.",
    resolve: (c) => entityKey(c.account_id, c.id),
  },
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.byId("media_creatives.get").loadMany(keys)),
  fields: (t) => ({
    ...attachmentFields(t),
    lineItemId: t.string({
      description: "The rawId of the line item that shows the media.",
      resolve: (c) => c.line_item_id,
    }),
    accountMediaId: t.string({
      description: "The rawId of the account media shown.",
      resolve: (c) => c.account_media_id,
    }),
    accountMedia: t.field({
      type: AccountMediaRef,
      nullable: true,
      description: "The account media shown; null with an error if it cannot be read.",
      ...fetchedBy(ACCOUNT_MEDIA),
      resolve: (c, _args, { loaders }) =>
        loaders.byId(ACCOUNT_MEDIA.read).load(entityKey(c.account_id, c.account_media_id)),
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
      description:
        "The web page people reach by clicking the ad; set for image ads of WEBSITE_CLICKS " +
        "line items, null otherwise.",
      resolve: (c) => c.landing_url ?? null,
    }),
  }),
});

const create = mutationArgs("media_creatives.create", {
  describe: {
    account_id: "The `id` of the account of the line item.",
    line_item_id: "The `id` of the line item to show the media.",
    account_media_id: "The `id` of account media of this account (see `Account.media`).",
    landing_url:
      "The web page (http or https) people reach by clicking the ad; required when the line " +
      "item's objective is WEBSITE_CLICKS (image ads), ignored for preroll video.",
  },
});
const remove = mutationArgs("media_creatives.delete", {
  globalIds: { media_creative_id: MediaCreativeRef },
  describe: { media_creative_id: "The `id` of the media creative to remove." },
});

const CreateMediaCreativeInput = builder.inputType("CreateMediaCreativeInput", {
  description: "Account media to place on a line item.",
  fields: create.fields,
});

const CREATE_MEDIA_CREATIVE_CALL = callRule("media_creatives.create", create.params);
const DELETE_MEDIA_CREATIVE_CALL = callRule("media_creatives.delete", remove.params);

builder.mutationFields((t) => ({
  createMediaCreative: t.field({
    ...fetchedBy(CREATE_MEDIA_CREATIVE_CALL),
    type: createPayload(
      "CreateMediaCreative",
      "mediaCreative",
      MediaCreativeRef,
      "The new media creative.",
      onLineItem,
    ),
    description:
      "Places account media on a line item. A line item that cannot hold this media answers " +
      "IncompatibleLineItemError.",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateMediaCreative", [IncompatibleLineItemError]),
    args: {
      input: t.arg({
        type: CreateMediaCreativeInput,
        required: true,
        description: "The line item and the account media.",
      }),
    },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const params = create.params(input);
        const { data } = await upstream.call(CREATE_MEDIA_CREATIVE_CALL.endpoint, params);
        const mediaCreative = ownedBy(data, params.account_id);
        loaders
          .byId("media_creatives.get")
          .prime(entityKey(params.account_id, data.id), mediaCreative);
        afterAttachmentWrite(loaders, params.account_id, params.line_item_id);
        return { mediaCreative };
      }, create.fieldOf),
  }),
  deleteMediaCreative: t.field({
    ...fetchedBy(DELETE_MEDIA_CREATIVE_CALL),
    type: deletePayload(
      "DeleteMediaCreative",
      "mediaCreative",
      MediaCreativeRef,
      "The media creative, now deleted.",
    ),
    description: "Removes a media creative from its line item.",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteMediaCreative"),
    args: inputArg(t.arg, "DeleteMediaCreative", remove.fields, "The media creative to delete."),
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const params = remove.params(input);
        const { data } = await upstream.call(DELETE_MEDIA_CREATIVE_CALL.endpoint, params);
        afterAttachmentWrite(loaders, params.account_id, data.line_item_id);
        return deleted(
          MediaCreativeRef,
          entityKey(params.account_id, data.id),
          ownedBy(data, params.account_id),
        );
      }, remove.fieldOf),
  }),
}));
