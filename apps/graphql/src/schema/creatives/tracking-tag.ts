import { TRACKING_TAG_TYPES } from "@adsgraph/models";
import { rejectErrors } from "@pothos/plugin-dataloader";
import { onLineItem } from "../campaigns/line-item.js";
import { builder } from "../../builder.js";
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
  payload,
} from "../../fields/mutations.js";
import { entityKey } from "../../loaders/keys.js";
import type { TrackingTagShape } from "../../loaders/shapes.js";
import { attachmentFields } from "../campaigns/attachment-fields.js";
import { closedEnum } from "../common/enums.js";
import { callRule, fetchedBy } from "../../cost/fetch-rule.js";

export const TrackingTagTypeEnum = closedEnum("TrackingTagType", {
  description: "The kind of a tracking tag.",
  values: TRACKING_TAG_TYPES,
  describe: {
    IMPRESSION_TAG:
      "A third-party URL called each time the line item's ad is shown, to count impressions.",
    CLICK_TRACKER:
      "A third-party URL called each time someone clicks the line item's ad, to count clicks.",
  },
});

export const TrackingTagRef = builder.objectRef<TrackingTagShape>("TrackingTag");

builder.node(TrackingTagRef, {
  description:
    "An impression tag or click tracker of a line item: a third-party measurement URL the ad " +
    "calls when shown or clicked.",
  id: {
    description:
      "The tracking tag's global id: what `node(id:)`, updateTrackingTag and deleteTrackingTag take.",
    resolve: (tag) => entityKey(tag.account_id, tag.id),
  },
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.byId("tracking_tags.get").loadMany(keys)),
  fields: (t) => ({
    ...attachmentFields(t),
    lineItemId: t.string({
      description: "The rawId of the line item the tag measures.",
      resolve: (tag) => tag.line_item_id,
    }),
    trackingTagType: t.field({
      type: TrackingTagTypeEnum,
      description: "Whether the tag counts impressions or clicks.",
      resolve: (tag) => tag.tracking_tag_type,
    }),
    trackingTagUrl: t.string({
      description: "The measurement URL the ad calls (http or https).",
      resolve: (tag) => tag.tracking_tag_url,
    }),
  }),
});

const URL_DESCRIPTION = { tracking_tag_url: "The measurement URL the ad calls, http or https." };

const create = mutationArgs("tracking_tags.create", {
  describe: {
    ...URL_DESCRIPTION,
    account_id: "The `id` of the account of the line item.",
    line_item_id: "The `id` of the line item to measure.",
    tracking_tag_type: "Whether the tag counts impressions or clicks.",
  },
});
const update = mutationArgs("tracking_tags.update", {
  globalIds: { tracking_tag_id: TrackingTagRef },
  describe: { ...URL_DESCRIPTION, tracking_tag_id: "The `id` of the tracking tag to change." },
});
const remove = mutationArgs("tracking_tags.delete", {
  globalIds: { tracking_tag_id: TrackingTagRef },
  describe: { tracking_tag_id: "The `id` of the tracking tag to delete." },
});

const CreateTrackingTagInput = builder.inputType("CreateTrackingTagInput", {
  description: "A new impression tag or click tracker of a line item.",
  fields: create.fields,
});

const UpdateTrackingTagInput = builder.inputType("UpdateTrackingTagInput", {
  description: "The tracking tag to change and its new URL (only the URL can change).",
  fields: update.fields,
});

const TrackingTagPayload = (name: string, description: string) =>
  payload(name, "trackingTag", TrackingTagRef, description);

const CREATE_TRACKING_TAG_CALL = callRule("tracking_tags.create", create.params);
const UPDATE_TRACKING_TAG_CALL = callRule("tracking_tags.update", update.params);
const DELETE_TRACKING_TAG_CALL = callRule("tracking_tags.delete", remove.params);

builder.mutationFields((t) => ({
  createTrackingTag: t.field({
    ...fetchedBy(CREATE_TRACKING_TAG_CALL),
    type: createPayload(
      "CreateTrackingTag",
      "trackingTag",
      TrackingTagRef,
      "The new tracking tag.",
      onLineItem,
    ),
    description: "Adds an impression tag or click tracker to a line item.",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateTrackingTag"),
    args: {
      input: t.arg({
        type: CreateTrackingTagInput,
        required: true,
        description: "The line item, the kind of tag and its URL.",
      }),
    },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const params = create.params(input);
        const { data } = await upstream.call(CREATE_TRACKING_TAG_CALL.endpoint, params);
        const trackingTag = ownedBy(data, params.account_id);
        loaders.byId("tracking_tags.get").prime(entityKey(params.account_id, data.id), trackingTag);
        afterAttachmentWrite(loaders, params.account_id, params.line_item_id);
        return { trackingTag };
      }, create.fieldOf),
  }),
  updateTrackingTag: t.field({
    ...fetchedBy(UPDATE_TRACKING_TAG_CALL),
    type: TrackingTagPayload("UpdateTrackingTag", "The tracking tag as it is now."),
    description: "Changes a tracking tag's URL.",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateTrackingTag"),
    args: {
      input: t.arg({
        type: UpdateTrackingTagInput,
        required: true,
        description: "The tracking tag and its new URL.",
      }),
    },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const params = update.params(input);
        const { data } = await upstream.call(UPDATE_TRACKING_TAG_CALL.endpoint, params);
        afterAttachmentWrite(loaders, params.account_id, data.line_item_id);
        return { trackingTag: ownedBy(data, params.account_id) };
      }, update.fieldOf),
  }),
  deleteTrackingTag: t.field({
    ...fetchedBy(DELETE_TRACKING_TAG_CALL),
    type: deletePayload(
      "DeleteTrackingTag",
      "trackingTag",
      TrackingTagRef,
      "The tracking tag, now deleted.",
    ),
    description: "Deletes a tracking tag; the line item stops calling its URL.",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteTrackingTag"),
    args: inputArg(t.arg, "DeleteTrackingTag", remove.fields, "The tracking tag to delete."),
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const params = remove.params(input);
        const { data } = await upstream.call(DELETE_TRACKING_TAG_CALL.endpoint, params);
        afterAttachmentWrite(loaders, params.account_id, data.line_item_id);
        return deleted(
          TrackingTagRef,
          entityKey(params.account_id, data.id),
          ownedBy(data, params.account_id),
        );
      }, remove.fieldOf),
  }),
}));
