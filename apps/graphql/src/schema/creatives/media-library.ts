import { MEDIA_TYPES } from "@adsgraph/models";
import { rejectErrors } from "@pothos/plugin-dataloader";
import { builder } from "../../builder.js";
import { entityKey } from "../../loaders/keys.js";
import type { MediaLibraryObjectShape } from "../../loaders/library-reads.js";
import { AccountRef } from "../accounts/account.js";
import {
  connectionComplexity,
  connectionType,
  FORWARD_ONLY,
  resolveConnection,
} from "../../fields/connections.js";
import { idInAccount } from "../../fields/entity-ids.js";
import { listArgs } from "../../fields/list-args.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import { attempt, mutationErrors, ownedBy, payload } from "../../fields/mutations.js";
import { observedFields } from "../../fields/observed-fields.js";
import { closedEnum } from "../common/enums.js";
import { MediaCategory, MediaStatus, MediaType } from "../common/observed-enums.js";
import { ACCOUNT_BY_ID, callRule, eachRule, fetchedBy } from "../../cost/fetch-rule.js";
import type { PageRule } from "../../cost/fetch-rule.js";

export const MediaLibraryObjectRef =
  builder.objectRef<MediaLibraryObjectShape>("MediaLibraryObject");

builder.node(MediaLibraryObjectRef, {
  description:
    "An image, GIF or video in an ad account's media library. Read through the account's " +
    "`mediaLibrary` (or `node`) every field is known; read through a card, only what the card " +
    "says of it (key, type, URL, size, duration), and the other fields are null.",
  id: {
    description:
      "The media library object's global id: what `node(id:)` takes. It names the account's " +
      "library and the media key.",
    resolve: (m) => entityKey(m.account_id, m.media_key),
  },
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.library.mediaLibraryObject.loadMany(keys)),
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
      description: "How far processing of the upload got; null when the ads service does not say.",
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
    account: t.field({
      type: AccountRef,
      nullable: true,
      description:
        "The ad account whose media library holds it; null, with an error, when it cannot be read.",
      ...fetchedBy(ACCOUNT_BY_ID),
      resolve: (m, _args, { loaders }) => loaders.account.load(m.account_id),
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

// Asked as a filter: what the media library lists (the output enum MediaType is observed).
closedEnum("MediaLibraryType", {
  description: "A kind of media library object to list.",
  values: MEDIA_TYPES,
  describe: { GIF: "Animated GIFs.", IMAGE: "Still images.", VIDEO: "Videos." },
});

const MediaLibraryConnection = connectionType(
  "MediaLibraryObject",
  MediaLibraryObjectRef,
  "Objects of an ad account's media library, newest first.",
  // The media library list takes no with_total_count.
  { totalCount: false },
);

/**
 * One object by its id argument, once per id (loaders.library.mediaLibraryObject); none when
 * a page of the library held it already.
 */
const LIBRARY_OBJECT = eachRule("media_library.get", {
  dedupes: true,
  optional: true,
  argument: "id",
});

builder.objectFields(AccountRef, (t) => {
  const list = listArgs(t.arg, "media_library.list", {
    sort: "MediaLibraryObject",
    describe: {
      media_type: "Only objects of this kind; all kinds when not given.",
      q:
        "Only objects whose name, title, file name or description has a word starting with " +
        "this text, in any letter case (1 to 255 characters).",
      with_deleted: "Include objects deleted from the library too (default false).",
    },
  });
  // One page per account asked (loaders.library.mediaLibraryPage); the list has no total.
  const LIBRARY: PageRule = {
    kind: "page",
    list: "media_library.list",
    maxCount: list.maxCount,
    counts: false,
    primes: null,
    owner: "account",
  };
  return {
    mediaLibraryObject: t.field({
      ...fetchedBy(LIBRARY_OBJECT),
      type: MediaLibraryObjectRef,
      nullable: true,
      description:
        "One object of this account's media library, by its `id`; null, with a NOT_FOUND " +
        "error, when missing or deleted.",
      args: {
        id: t.arg.globalID({
          for: MediaLibraryObjectRef,
          required: true,
          description:
            "The `id` of the object to read (as `MediaLibraryObject.id` answers it); an id of " +
            "another account's library is refused.",
        }),
      },
      resolve: (account, { id }, { loaders }) =>
        loaders.library.mediaLibraryObject.load(entityKey(account.id, idInAccount(id, account.id))),
    }),
    mediaLibrary: t.field({
      ...fetchedBy(LIBRARY),
      type: MediaLibraryConnection,
      nullable: true,
      description:
        "The account's media library: its images, GIFs and videos, newest first, a page at a " +
        "time. There is no total count. Null, with an error, when it cannot be read. " +
        FORWARD_ONLY,
      complexity: connectionComplexity,
      args: list.args,
      resolve: (account, args, { loaders }, info) =>
        resolveConnection(
          info,
          args,
          LIBRARY.maxCount,
          (page) =>
            loaders.library.mediaLibraryPage(account.id, {
              ...list.wireFilters(args, account.id),
              ...page,
            }),
          () => Promise.resolve(0),
        ),
    }),
  };
});

const add = mutationArgs("media_library.create", {
  describe: {
    account_id: "The `id` of the ad account whose media library gets the medium.",
    media_key:
      "The media key of an uploaded image, GIF or video, `<digits>_<digits>`: one you uploaded " +
      "or that lists you among its additional owners, in no media library yet.",
    name: "The object's name in the library (at most 100 characters).",
    file_name: "The file's name, as the library shows it (at most 255 characters).",
    title: "A video's title, shown under it when posted (at most 70 characters).",
    description: "A video's description, shown under it when posted (at most 200 characters).",
    poster_media_key:
      "For a video: the media key of an image of the account's library to show before it plays.",
  },
});

const AddMediaLibraryObjectInput = builder.inputType("AddMediaLibraryObjectInput", {
  description: "An uploaded medium to add to an ad account's media library, and how to name it.",
  fields: add.fields,
});

const ADD_MEDIA_LIBRARY_OBJECT_CALL = callRule("media_library.create", add.params);

builder.mutationFields((t) => ({
  addMediaLibraryObject: t.field({
    ...fetchedBy(ADD_MEDIA_LIBRARY_OBJECT_CALL),
    type: payload(
      "AddMediaLibraryObject",
      "mediaLibraryObject",
      MediaLibraryObjectRef,
      "The medium, now an object of the account's media library.",
    ),
    description:
      "Adds an uploaded image, GIF or video to an ad account's media library, where posts, " +
      "drafts and cards of the account may use it.",
    authScopes: { authenticated: true },
    errors: mutationErrors("AddMediaLibraryObject"),
    args: {
      input: t.arg({
        type: AddMediaLibraryObjectInput,
        required: true,
        description: "The medium to add and its names.",
      }),
    },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = add.params(input);
        const { data } = await upstream.call(ADD_MEDIA_LIBRARY_OBJECT_CALL.endpoint, params);
        return { mediaLibraryObject: ownedBy(data, params.account_id) };
      }, add.fieldOf),
  }),
}));

const update = mutationArgs("media_library.update", {
  globalIds: { media_key: MediaLibraryObjectRef },
  describe: {
    media_key: "The `id` of the media library object to change.",
    name: "The object's new name in the library (at most 100 characters).",
    file_name: "The file's name, as the library shows it (at most 255 characters).",
    title: "A video's title, shown under it when posted (at most 70 characters).",
    description: "A video's description, shown under it when posted (at most 200 characters).",
    poster_media_key:
      "For a video: the media key of an image of the account's library to show before it plays.",
  },
});

const UpdateMediaLibraryObjectInput = builder.inputType("UpdateMediaLibraryObjectInput", {
  description:
    "Changes the given names of a media library object, or a video's poster; fields left out " +
    "stay as they are.",
  fields: update.fields,
});

const UPDATE_MEDIA_LIBRARY_OBJECT_CALL = callRule("media_library.update", update.params);

builder.mutationFields((t) => ({
  updateMediaLibraryObject: t.field({
    ...fetchedBy(UPDATE_MEDIA_LIBRARY_OBJECT_CALL),
    type: payload(
      "UpdateMediaLibraryObject",
      "mediaLibraryObject",
      MediaLibraryObjectRef,
      "The media library object as it is now.",
    ),
    description:
      "Changes a media library object's name, file name, title or description, or the image " +
      "shown before a video plays.",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateMediaLibraryObject"),
    args: {
      input: t.arg({
        type: UpdateMediaLibraryObjectInput,
        required: true,
        description: "The media library object and the fields to change.",
      }),
    },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = update.params(input);
        const { data } = await upstream.call(UPDATE_MEDIA_LIBRARY_OBJECT_CALL.endpoint, params);
        return { mediaLibraryObject: ownedBy(data, params.account_id) };
      }, update.fieldOf),
  }),
}));
