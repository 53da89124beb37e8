import { builder } from "../builder.js";
import { IncompatibleLineItemError } from "../errors/facade-errors.js";
import { ID_INPUT } from "../input/input-rules.js";
import { entityKey } from "../loaders/keys.js";
import { afterAttachmentWrite, ownedBy } from "./attachment-writes.js";
import { MediaCreativeRef } from "./media-creative.js";
import { attempt, inputPath, mutationErrors, ownedId, payload } from "./mutations.js";

const fields = inputPath({ media_creative_id: "id" });

const CreateMediaCreativeInput = builder.inputType("CreateMediaCreativeInput", {
  fields: (t) => ({
    accountId: t.string({ required: true, ...ID_INPUT }),
    lineItemId: t.string({ required: true, ...ID_INPUT }),
    accountMediaId: t.string({
      required: true,
      ...ID_INPUT,
      description: "Account media of this account (from the media library).",
    }),
    landingUrl: t.string({
      description:
        "An http(s) URL; required when the line item's objective is WEBSITE_CLICKS (image ads).",
    }),
  }),
});

const MediaCreativePayload = (name: string, description: string) =>
  payload(name, "mediaCreative", MediaCreativeRef, description);

builder.mutationFields((t) => ({
  createMediaCreative: t.field({
    type: MediaCreativePayload("CreateMediaCreative", "The new media creative."),
    description: "Places account media on a line item (spec §4.6).",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateMediaCreative", [IncompatibleLineItemError]),
    args: { input: t.arg({ type: CreateMediaCreativeInput, required: true }) },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const { data } = await upstream.call("media_creatives.create", {
          account_id: input.accountId,
          line_item_id: input.lineItemId,
          account_media_id: input.accountMediaId,
          ...(input.landingUrl != null && { landing_url: input.landingUrl }),
        });
        const mediaCreative = ownedBy(data, input.accountId);
        loaders.mediaCreative.prime(entityKey(input.accountId, data.id), mediaCreative);
        afterAttachmentWrite(loaders, input.accountId, input.lineItemId);
        return { mediaCreative };
      }, fields),
  }),
  deleteMediaCreative: t.field({
    type: MediaCreativePayload("DeleteMediaCreative", "The media creative, now deleted."),
    description: "Removes a media creative from its line item (spec §4.6).",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteMediaCreative"),
    args: { id: t.arg.globalID({ required: true, for: [MediaCreativeRef] }) },
    resolve: (_root, args, { upstream, loaders }) =>
      attempt(async () => {
        const { accountId, id } = ownedId(args.id);
        const { data } = await upstream.call("media_creatives.delete", {
          account_id: accountId,
          media_creative_id: id,
        });
        afterAttachmentWrite(loaders, accountId, data.line_item_id);
        return { mediaCreative: ownedBy(data, accountId) };
      }, fields),
  }),
}));
