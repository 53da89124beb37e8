import { rejectErrors } from "@pothos/plugin-dataloader";
import { builder } from "../../builder.js";
import { entityKey } from "../../loaders/keys.js";
import type { AccountMediaShape } from "../../loaders/shapes.js";
import type { MediaLibraryObjectShape } from "../../loaders/library-reads.js";
import { MediaLibraryObjectRef } from "./media-library.js";
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
import { ACCOUNT_BY_ID, callRule, fetchedBy } from "../../cost/fetch-rule.js";

// Cards describe their media as media library objects (defined in media-library.ts).
export { MediaLibraryObjectRef };
export type { MediaLibraryObjectShape };

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
      ...fetchedBy(ACCOUNT_BY_ID),
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

const DELETE_ACCOUNT_MEDIA_CALL = callRule("account_media.delete", removeAccountMedia.params);
const DELETE_MEDIA_LIBRARY_OBJECT_CALL = callRule("media_library.delete", removeMedia.params);

builder.mutationFields((t) => ({
  deleteAccountMedia: t.field({
    ...fetchedBy(DELETE_ACCOUNT_MEDIA_CALL),
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
        const { data } = await upstream.call(DELETE_ACCOUNT_MEDIA_CALL.endpoint, params);
        return deleted(
          AccountMediaRef,
          entityKey(params.account_id, data.id),
          ownedBy(data, params.account_id),
        );
      }, removeAccountMedia.fieldOf),
  }),
  deleteMediaLibraryObject: t.field({
    ...fetchedBy(DELETE_MEDIA_LIBRARY_OBJECT_CALL),
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
        const { data } = await upstream.call(DELETE_MEDIA_LIBRARY_OBJECT_CALL.endpoint, params);
        return deleted(
          MediaLibraryObjectRef,
          entityKey(params.account_id, data.media_key),
          ownedBy(data, params.account_id),
        );
      }, removeMedia.fieldOf),
  }),
}));
