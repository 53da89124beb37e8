import type { ObjectRef } from "@pothos/core";
import { rejectErrors } from "@pothos/plugin-dataloader";
import { builder } from "../../builder.js";
import type { Types } from "../../builder.js";
import type { ByIdLoader } from "../../loaders/by-id-loader.js";
import { entityKey } from "../../loaders/keys.js";
import type { EntityKey } from "../../loaders/keys.js";
import type { Loaders } from "../../loaders/loaders.js";
import type { ConversationCardShape } from "../../loaders/shapes.js";
import { AccountRef, inAccount } from "../accounts/account.js";
import { accountListField } from "../../fields/account-list-field.js";
import { CARD_LIST_DESCRIPTIONS, CardInterface, isCardOf, namedMedia } from "./card.js";
import { SMALL_LIST, connectionType } from "../../fields/connections.js";
import { textOf } from "../../fields/properties.js";
import { MediaLibraryObjectRef } from "./media.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import { attempt, createPayload, mutationErrors } from "../../fields/mutations.js";

// spec §2.11: conversation cards' response fields are not shown beyond the parameters of
// their create call, so every field but the id is read as the answer gives it (textOf: or null).

type Kind = "video_conversation" | "image_conversation";

/** Declares a kind of conversation card on its ref (typed by its kind). */
function conversationCard(
  ref: ObjectRef<Types, ConversationCardShape>,
  kind: Kind,
  /** Its by-id loader (`loaders.byId`). */
  loaderOf: (loaders: Loaders) => ByIdLoader<EntityKey, ConversationCardShape>,
  description: string,
  media: readonly (readonly [string, string])[],
  extra: readonly [field: string, wire: string][],
): void {
  const ctas = [1, 2, 3, 4].map((n) => ["first", "second", "third", "fourth"][n - 1] ?? "");
  builder.node(ref, {
    description,
    interfaces: [CardInterface],
    id: { resolve: (c) => entityKey(c.account_id, c.id) },
    isTypeOf: isCardOf(kind),
    loadManyWithoutCache: async (keys, { loaders }) =>
      rejectErrors(await loaderOf(loaders).loadMany(keys)),
    fields: (t) => ({
      ...Object.fromEntries(
        ctas.flatMap((nth) => [
          [
            `${nth}Cta`,
            t.string({
              nullable: true,
              description: "A hashtag.",
              resolve: (c) => textOf(c, `${nth}_cta`),
            }),
          ],
          [
            `${nth}CtaPost`,
            t.string({
              nullable: true,
              description: "The post text used when this call to action is chosen.",
              resolve: (c) => textOf(c, `${nth}_cta_post`),
            }),
          ],
        ]),
      ),
      thankYouText: t.string({ nullable: true, resolve: (c) => textOf(c, "thank_you_text") }),
      title: t.string({ nullable: true, resolve: (c) => textOf(c, "title") }),
      mediaKey: t.string({ nullable: true, resolve: (c) => textOf(c, "media_key") }),
      ...Object.fromEntries(
        extra.map(([fieldName, wire]) => [
          fieldName,
          t.string({ nullable: true, resolve: (c) => textOf(c, wire) }),
        ]),
      ),
      media: t.field({
        type: [MediaLibraryObjectRef],
        description: "The card's media library objects (key and URL, as the answer gives them).",
        complexity: SMALL_LIST,
        resolve: (c) => namedMedia(c, media),
      }),
    }),
  });
}

export const VideoConversationCardRef =
  builder.objectRef<ConversationCardShape<"video_conversation">>("VideoConversationCard");
export const ImageConversationCardRef =
  builder.objectRef<ConversationCardShape<"image_conversation">>("ImageConversationCard");

conversationCard(
  VideoConversationCardRef,
  "video_conversation",
  (loaders) => loaders.byId("cards.video_conversation.get"),
  "A video conversation card (spec §4.7): a 16:9 video and up to four hashtag calls to action.",
  [
    ["media_key", "video_url"],
    ["poster_media_key", "video_poster_url"],
  ],
  [
    ["posterMediaKey", "poster_media_key"],
    ["videoUrl", "video_url"],
    ["videoPosterUrl", "video_poster_url"],
  ],
);

conversationCard(
  ImageConversationCardRef,
  "image_conversation",
  (loaders) => loaders.byId("cards.image_conversation.list"),
  "An image conversation card (spec §4.7).",
  [["media_key", "image_url"]],
  [["imageUrl", "image_url"]],
);

const VideoConversationCardConnection = connectionType(
  "VideoConversationCard",
  VideoConversationCardRef,
  "Video conversation cards.",
);
const ImageConversationCardConnection = connectionType(
  "ImageConversationCard",
  ImageConversationCardRef,
  "Image conversation cards.",
);

builder.objectFields(AccountRef, (t) => ({
  videoConversationCards: accountListField(t, "cards.video_conversation.list", {
    type: VideoConversationCardConnection,
    description: "The account's video conversation cards (spec §4.7), a page at a time.",
    sort: "Card",
    describe: CARD_LIST_DESCRIPTIONS,
  }),
  imageConversationCards: accountListField(t, "cards.image_conversation.list", {
    type: ImageConversationCardConnection,
    description: "The account's image conversation cards (spec §4.7), a page at a time.",
    sort: "Card",
    describe: CARD_LIST_DESCRIPTIONS,
  }),
}));

const create = mutationArgs("cards.video_conversation.create", {
  describe: {
    name: "At most 80 characters.",
    media_key: "A 16:9 video from the media library.",
    first_cta: "A hashtag, at most 20 characters after #.",
    second_cta: "Required when title is absent.",
    second_cta_post: "Required with secondCta.",
    third_cta_post: "Required with thirdCta.",
    fourth_cta_post: "Required with fourthCta.",
    thank_you_text: "At most 23 characters.",
    title: "At most 23 characters; required when secondCta is absent.",
  },
});

const CreateVideoConversationCardInput = builder.inputType("CreateVideoConversationCardInput", {
  fields: create.fields,
});

const VideoConversationCardPayload = createPayload(
  "CreateVideoConversationCard",
  "videoConversationCard",
  VideoConversationCardRef,
  "The new video conversation card.",
  inAccount,
);

builder.mutationField("createVideoConversationCard", (t) =>
  t.field({
    type: VideoConversationCardPayload,
    description: "Creates a video conversation card (spec §4.7). The spec has no update for it.",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateVideoConversationCard"),
    args: { input: t.arg({ type: CreateVideoConversationCardInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = create.params(input);
        const { data } = await upstream.call("cards.video_conversation.create", params);
        return {
          videoConversationCard: {
            ...data,
            account_id: params.account_id,
            card_kind: "video_conversation" as const,
          },
        };
      }, create.fieldOf),
  }),
);
