import { builder } from "../builder.js";
import { ID_INPUT } from "../input/input-rules.js";
import { entityKey } from "../loaders/keys.js";
import { afterAttachmentWrite, ownedBy } from "./attachment-writes.js";
import { attempt, inputPath, mutationErrors, ownedId, payload } from "./mutations.js";
import { TrackingTagRef, TrackingTagTypeEnum } from "./tracking-tag.js";

const fields = inputPath({ tracking_tag_id: "id" });
const URL_DESCRIPTION = "An http(s) URL.";

const CreateTrackingTagInput = builder.inputType("CreateTrackingTagInput", {
  fields: (t) => ({
    accountId: t.string({ required: true, ...ID_INPUT }),
    lineItemId: t.string({ required: true, ...ID_INPUT }),
    trackingTagType: t.field({ type: TrackingTagTypeEnum, required: true }),
    trackingTagUrl: t.string({ required: true, description: URL_DESCRIPTION }),
  }),
});

const UpdateTrackingTagInput = builder.inputType("UpdateTrackingTagInput", {
  description: "spec §4.6 PUT: only the URL changes.",
  fields: (t) => ({
    id: t.globalID({ required: true, for: [TrackingTagRef] }),
    trackingTagUrl: t.string({ required: true, description: URL_DESCRIPTION }),
  }),
});

const TrackingTagPayload = (name: string, description: string) =>
  payload(name, "trackingTag", TrackingTagRef, description);

builder.mutationFields((t) => ({
  createTrackingTag: t.field({
    type: TrackingTagPayload("CreateTrackingTag", "The new tracking tag."),
    description: "Adds an impression tag or click tracker to a line item (spec §4.6).",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateTrackingTag"),
    args: { input: t.arg({ type: CreateTrackingTagInput, required: true }) },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const { data } = await upstream.call("tracking_tags.create", {
          account_id: input.accountId,
          line_item_id: input.lineItemId,
          tracking_tag_type: input.trackingTagType,
          tracking_tag_url: input.trackingTagUrl,
        });
        const trackingTag = ownedBy(data, input.accountId);
        loaders.trackingTag.prime(entityKey(input.accountId, data.id), trackingTag);
        afterAttachmentWrite(loaders, input.accountId, input.lineItemId);
        return { trackingTag };
      }, fields),
  }),
  updateTrackingTag: t.field({
    type: TrackingTagPayload("UpdateTrackingTag", "The tracking tag as it is now."),
    description: "Changes a tracking tag's URL (spec §4.6 PUT).",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateTrackingTag"),
    args: { input: t.arg({ type: UpdateTrackingTagInput, required: true }) },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const { accountId, id } = ownedId(input.id);
        const { data } = await upstream.call("tracking_tags.update", {
          account_id: accountId,
          tracking_tag_id: id,
          tracking_tag_url: input.trackingTagUrl,
        });
        afterAttachmentWrite(loaders, accountId, data.line_item_id);
        return { trackingTag: ownedBy(data, accountId) };
      }, fields),
  }),
  deleteTrackingTag: t.field({
    type: TrackingTagPayload("DeleteTrackingTag", "The tracking tag, now deleted."),
    description: "Deletes a tracking tag (spec §4.6).",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteTrackingTag"),
    args: { id: t.arg.globalID({ required: true, for: [TrackingTagRef] }) },
    resolve: (_root, args, { upstream, loaders }) =>
      attempt(async () => {
        const { accountId, id } = ownedId(args.id);
        const { data } = await upstream.call("tracking_tags.delete", {
          account_id: accountId,
          tracking_tag_id: id,
        });
        afterAttachmentWrite(loaders, accountId, data.line_item_id);
        return { trackingTag: ownedBy(data, accountId) };
      }, fields),
  }),
}));
