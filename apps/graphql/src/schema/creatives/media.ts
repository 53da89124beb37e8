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
      "A media library object (spec §2.6). The spec has no read endpoint for the media library: " +
      "cards describe their media with key, type, URL, size and duration, so the other fields " +
      "are null there; deleteMediaLibraryObject answers the whole object.",
    fields: (t) => ({
      mediaKey: t.string({ description: "`<digits>_<digits>`.", resolve: (m) => m.media_key }),
      name: t.string({ nullable: true, resolve: (m) => m.name ?? null }),
      fileName: t.string({ nullable: true, resolve: (m) => m.file_name ?? null }),
      description: t.string({ nullable: true, resolve: (m) => m.description ?? null }),
      title: t.string({ nullable: true, resolve: (m) => m.title ?? null }),
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
      mediaUrl: t.string({ nullable: true, resolve: (m) => m.media_url ?? null }),
      posterMediaUrl: t.string({ nullable: true, resolve: (m) => m.poster_media_url ?? null }),
      posterMediaKey: t.string({ nullable: true, resolve: (m) => m.poster_media_key ?? null }),
      duration: t.int({
        nullable: true,
        description: "Milliseconds (videos).",
        resolve: (m) => m.duration ?? null,
      }),
      aspectRatio: t.string({
        nullable: true,
        description: "`<w>:<h>`.",
        resolve: (m) => m.aspect_ratio ?? null,
      }),
      width: t.int({
        nullable: true,
        description: "Pixels (observed).",
        resolve: (m) => m.width ?? null,
      }),
      height: t.int({
        nullable: true,
        description: "Pixels (observed).",
        resolve: (m) => m.height ?? null,
      }),
      posted: t.boolean({ nullable: true, resolve: (m) => m.posted ?? null }),
      createdAt: t.field({
        type: "DateTime",
        nullable: true,
        resolve: (m) => m.created_at ?? null,
      }),
      updatedAt: t.field({
        type: "DateTime",
        nullable: true,
        resolve: (m) => m.updated_at ?? null,
      }),
      deleted: t.boolean({ nullable: true, resolve: (m) => m.deleted ?? null }),
    }),
  });

export const AccountMediaRef = builder.objectRef<AccountMediaShape>("AccountMedia");

builder.node(AccountMediaRef, {
  description: "Account media: a media library object placed as a creative (spec §2.5).",
  id: { resolve: (m) => entityKey(m.account_id, m.id) },
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.byId("account_media.get").loadMany(keys)),
  fields: (t) => ({
    rawId: t.string({ resolve: (m) => m.id }),
    creativeType: t.field({ type: CreativeTypeEnum, resolve: (m) => m.creative_type }),
    videoId: t.string({
      nullable: true,
      description: "Video creatives.",
      resolve: (m) => m.video_id,
    }),
    mediaUrl: t.string({
      nullable: true,
      description: "Image creatives.",
      resolve: (m) => m.media_url,
    }),
    account: t.field({
      type: AccountRef,
      nullable: true,
      resolve: (m, _args, { loaders }) => loaders.account.load(m.account_id),
    }),
    createdAt: t.field({ type: "DateTime", resolve: (m) => m.created_at }),
    updatedAt: t.field({ type: "DateTime", resolve: (m) => m.updated_at }),
    deleted: t.boolean({ resolve: (m) => m.deleted }),
  }),
});

const AccountMediaConnection = connectionType("AccountMedia", AccountMediaRef, "Account media.");

builder.objectFields(AccountRef, (t) => ({
  media: accountListField(t, "account_media.list", {
    type: AccountMediaConnection,
    description: "The account's media creatives (spec §4.7 account_media), a page at a time.",
    describe: { account_media_ids: "Only these account media ids (≤200)." },
  }),
}));

const removeAccountMedia = mutationArgs("account_media.delete", {
  globalIds: { account_media_id: AccountMediaRef },
});
const removeMedia = mutationArgs("media_library.delete", {
  describe: { media_key: "`<digits>_<digits>`." },
});

builder.mutationFields((t) => ({
  deleteAccountMedia: t.field({
    type: deletePayload(
      "DeleteAccountMedia",
      "accountMedia",
      AccountMediaRef,
      "The deleted account media, as it was deleted.",
    ),
    description: "Deletes account media (spec §3: it is returned with deleted=true).",
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
    description: "Deletes a media library object (spec §3: returned with deleted=true).",
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
