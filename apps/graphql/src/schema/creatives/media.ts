import { rejectErrors } from "@pothos/plugin-dataloader";
import { builder } from "../../builder.js";
import { entityKey } from "../../loaders/keys.js";
import type { AccountMediaShape } from "../../loaders/shapes.js";
import { AccountRef } from "../accounts/account.js";
import { accountListField } from "../../fields/account-list-field.js";
import { connectionType } from "../../fields/connections.js";
import { CreativeTypeEnum } from "../common/enums.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import {
  attempt,
  deleted,
  deletePayload,
  inputArg,
  mutationErrors,
  ownedBy,
} from "../../fields/mutations.js";
import { observedFields } from "../../fields/observed-fields.js";
import { MediaCategory, MediaStatus, MediaType } from "../common/observed-enums.js";

/**
 * A media library object (spec §2.6) as far as it is known: the spec has no read endpoint for
 * the media library, so cards describe their media (key, type, URL, size, duration) and only
 * the media library DELETE answers the whole object.
 */
export interface MediaLibraryObjectShape {
  media_key: string;
  name?: string | null;
  file_name?: string | null;
  description?: string | null;
  title?: string | null;
  media_type?: string | null;
  media_category?: string | null;
  media_status?: string | null;
  media_url?: string | null;
  poster_media_url?: string | null;
  poster_media_key?: string | null;
  duration?: number | null;
  aspect_ratio?: string | null;
  width?: number | null;
  height?: number | null;
  posted?: boolean | null;
  created_at?: string | null;
  updated_at?: string | null;
  deleted?: boolean | null;
}

export const MediaLibraryObjectRef = builder
  .objectRef<MediaLibraryObjectShape>("MediaLibraryObject")
  .implement({
    description:
      "An image or video in the account's media library. Read through a card, only what the " +
      "card says of it is known (key, type, URL, size, duration) and the other fields are null; " +
      "deleteMediaLibraryObject answers the whole object.",
    fields: (t) => ({
      mediaKey: t.string({
        description:
          "The media key, `<digits>_<digits>`: what cards, posts and account media name it by.",
        resolve: (m) => m.media_key,
      }),
      name: t.string({
        nullable: true,
        description: "The object's name in the media library; null when not known.",
        resolve: (m) => m.name ?? null,
      }),
      fileName: t.string({
        nullable: true,
        description: "The name of the file uploaded; null when not known.",
        resolve: (m) => m.file_name ?? null,
      }),
      description: t.string({
        nullable: true,
        description: "A description shown with a video; null when not known.",
        resolve: (m) => m.description ?? null,
      }),
      title: t.string({
        nullable: true,
        description: "A title shown with a video; null when not known.",
        resolve: (m) => m.title ?? null,
      }),
      ...observedFields(t, "mediaType", {
        enum: MediaType,
        description: "What the object holds; null when the ads service does not say.",
        resolve: (m) => m.media_type,
      }),
      ...observedFields(t, "mediaCategory", {
        enum: MediaCategory,
        description: "What the object was uploaded for; null when the ads service does not say.",
        resolve: (m) => m.media_category,
      }),
      ...observedFields(t, "mediaStatus", {
        enum: MediaStatus,
        description:
          "How far processing of the upload got; null when the ads service does not say.",
        resolve: (m) => m.media_status,
      }),
      mediaUrl: t.string({
        nullable: true,
        description: "The web address of the image or video file; null when not known.",
        resolve: (m) => m.media_url ?? null,
      }),
      posterMediaUrl: t.string({
        nullable: true,
        description:
          "The web address of the image shown before a video plays; null for images or when not known.",
        resolve: (m) => m.poster_media_url ?? null,
      }),
      posterMediaKey: t.string({
        nullable: true,
        description:
          "The media key of the image shown before a video plays; null for images or when not known.",
        resolve: (m) => m.poster_media_key ?? null,
      }),
      duration: t.int({
        nullable: true,
        description: "A video's length in milliseconds; null for images or when not known.",
        resolve: (m) => m.duration ?? null,
      }),
      aspectRatio: t.string({
        nullable: true,
        description: "A video's aspect ratio as `<w>:<h>` (e.g. 16:9); null when not known.",
        resolve: (m) => m.aspect_ratio ?? null,
      }),
      width: t.int({
        nullable: true,
        description: "Width in pixels; null when not known.",
        resolve: (m) => m.width ?? null,
      }),
      height: t.int({
        nullable: true,
        description: "Height in pixels; null when not known.",
        resolve: (m) => m.height ?? null,
      }),
      posted: t.boolean({
        nullable: true,
        description: "Whether a post already uses the object; null when not known.",
        resolve: (m) => m.posted ?? null,
      }),
      createdAt: t.field({
        type: "DateTime",
        nullable: true,
        description: "When it was uploaded (ISO 8601, UTC); null when not known.",
        resolve: (m) => m.created_at ?? null,
      }),
      updatedAt: t.field({
        type: "DateTime",
        nullable: true,
        description: "When it last changed (ISO 8601, UTC); null when not known.",
        resolve: (m) => m.updated_at ?? null,
      }),
      deleted: t.boolean({
        nullable: true,
        description: "True once it is deleted from the media library; null when not known.",
        resolve: (m) => m.deleted ?? null,
      }),
    }),
  });

export const AccountMediaRef = builder.objectRef<AccountMediaShape>("AccountMedia");

builder.node(AccountMediaRef, {
  description:
    "Account media: an image or video of the media library made into an ad of one format " +
    "(creativeType), ready to place on line items as a media creative.",
  id: {
    description: "The account media's global id: what `node(id:)` and deleteAccountMedia take.",
    resolve: (m) => entityKey(m.account_id, m.id),
  },
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.byId("account_media.get").loadMany(keys)),
  fields: (t) => ({
    rawId: t.string({
      description: "The account media's own id in the ads service.",
      resolve: (m) => m.id,
    }),
    creativeType: t.field({
      type: CreativeTypeEnum,
      description: "The ad format: a banner or interstitial size, or a preroll video.",
      resolve: (m) => m.creative_type,
    }),
    videoId: t.string({
      nullable: true,
      description: "The video's id, for video creatives; null for images.",
      resolve: (m) => m.video_id,
    }),
    mediaUrl: t.string({
      nullable: true,
      description: "The web address of the image, for image creatives; null for videos.",
      resolve: (m) => m.media_url,
    }),
    account: t.field({
      type: AccountRef,
      nullable: true,
      description: "The ad account it belongs to.",
      resolve: (m, _args, { loaders }) => loaders.account.load(m.account_id),
    }),
    createdAt: t.field({
      type: "DateTime",
      description: "When it was created (ISO 8601, UTC).",
      resolve: (m) => m.created_at,
    }),
    updatedAt: t.field({
      type: "DateTime",
      description: "When it last changed (ISO 8601, UTC).",
      resolve: (m) => m.updated_at,
    }),
    deleted: t.boolean({ description: "True once it is deleted.", resolve: (m) => m.deleted }),
  }),
});

const AccountMediaConnection = connectionType("AccountMedia", AccountMediaRef, "Account media.");

builder.objectFields(AccountRef, (t) => ({
  media: accountListField(t, "account_media.list", {
    type: AccountMediaConnection,
    description: "The account's account media (images and videos made into ads), a page at a time.",
    describe: {
      account_media_ids: "Only these account media (at most 200).",
      creative_types: "Only account media of these ad formats.",
      with_deleted: "Include deleted account media (default false).",
    },
  }),
}));

const removeAccountMedia = mutationArgs("account_media.delete", {
  globalIds: { account_media_id: AccountMediaRef },
  describe: { account_media_id: "The `id` of the account media to delete." },
});
const removeMedia = mutationArgs("media_library.delete", {
  describe: {
    account_id: "The `id` of the account whose media library holds the object.",
    media_key: "The media key of the object to delete, `<digits>_<digits>`.",
  },
});

builder.mutationFields((t) => ({
  deleteAccountMedia: t.field({
    type: deletePayload(
      "DeleteAccountMedia",
      "accountMedia",
      AccountMediaRef,
      "The deleted account media, as it was deleted.",
    ),
    description: "Deletes account media; the payload shows it with deleted true.",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteAccountMedia"),
    args: inputArg(
      t.arg,
      "DeleteAccountMedia",
      removeAccountMedia.fields,
      "The account media to delete.",
    ),
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = removeAccountMedia.params(input);
        const { data } = await upstream.call("account_media.delete", params);
        return deleted(
          AccountMediaRef,
          entityKey(params.account_id, data.id),
          ownedBy(data, params.account_id),
        );
      }, removeAccountMedia.fieldOf),
  }),
  deleteMediaLibraryObject: t.field({
    type: deletePayload(
      "DeleteMediaLibraryObject",
      "mediaLibraryObject",
      MediaLibraryObjectRef,
      "The media library object, now with deleted=true.",
    ),
    description:
      "Deletes an image or video from the media library; the payload shows it with deleted true.",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteMediaLibraryObject"),
    args: inputArg(
      t.arg,
      "DeleteMediaLibraryObject",
      removeMedia.fields,
      "The media library object to delete: its account and media key.",
    ),
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = removeMedia.params(input);
        const { data } = await upstream.call("media_library.delete", params);
        return deleted(MediaLibraryObjectRef, entityKey(params.account_id, data.media_key), data);
      }, removeMedia.fieldOf),
  }),
}));
