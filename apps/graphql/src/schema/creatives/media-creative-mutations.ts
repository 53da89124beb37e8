import { builder } from "../../builder.js";
import { IncompatibleLineItemError } from "../../errors/facade-errors.js";
import { entityKey } from "../../loaders/keys.js";
import { afterAttachmentWrite } from "../../fields/attachment-writes.js";
import { MediaCreativeRef } from "./media-creative.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import { attempt, mutationErrors, ownedBy, payload } from "../../fields/mutations.js";

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
        const params = create.params(input);
        const { data } = await upstream.call("media_creatives.create", params);
        const mediaCreative = ownedBy(data, params.account_id);
        loaders.mediaCreative.prime(entityKey(params.account_id, data.id), mediaCreative);
        afterAttachmentWrite(loaders, params.account_id, params.line_item_id);
        return { mediaCreative };
      }, create.fieldOf),
  }),
  deleteMediaCreative: t.field({
    type: MediaCreativePayload("DeleteMediaCreative", "The media creative, now deleted."),
    description: "Removes a media creative from its line item (spec §4.6).",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteMediaCreative"),
    args: remove.args(),
    resolve: (_root, args, { upstream, loaders }) =>
      attempt(async () => {
        const params = remove.params(args);
        const { data } = await upstream.call("media_creatives.delete", params);
        afterAttachmentWrite(loaders, params.account_id, data.line_item_id);
        return { mediaCreative: ownedBy(data, params.account_id) };
      }, remove.fieldOf),
  }),
}));
