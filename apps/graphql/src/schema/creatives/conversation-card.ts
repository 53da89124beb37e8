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
import { callRule, fetchedBy } from "../../cost/fetch-rule.js";

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
  extra: readonly [field: string, wire: string, description: string][],
): void {
  const ctas = [1, 2, 3, 4].map((n) => ["first", "second", "third", "fourth"][n - 1] ?? "");
  builder.node(ref, {
    description,
    interfaces: [CardInterface],
    id: {
      description: "The card's global id: what `node(id:)` takes.",
      resolve: (c) => entityKey(c.account_id, c.id),
    },
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
              description:
                "A call to action: a hashtag people tap to post (at most 20 characters after " +
                "#); null when the card has none in this position.",
              resolve: (c) => textOf(c, `${nth}_cta`),
            }),
          ],
          [
            `${nth}CtaPost`,
            t.string({
              nullable: true,
              description:
                "The text of the post people send when they tap this call to action; null " +
                "when the card has none in this position.",
              resolve: (c) => textOf(c, `${nth}_cta_post`),
            }),
          ],
        ]),
      ),
      thankYouText: t.string({
        nullable: true,
        description:
          "The thanks shown after someone posts (at most 23 characters); null when not known.",
        resolve: (c) => textOf(c, "thank_you_text"),
      }),
      title: t.string({
        nullable: true,
        description: "The headline shown on the card (at most 23 characters); null when none.",
        resolve: (c) => textOf(c, "title"),
      }),
      mediaKey: t.string({
        nullable: true,
        description: "The media key of the card's image or video; null when not known.",
        resolve: (c) => textOf(c, "media_key"),
      }),
      ...Object.fromEntries(
        extra.map(([fieldName, wire, fieldDescription]) => [
          fieldName,
          t.string({
            nullable: true,
            description: fieldDescription,
            resolve: (c) => textOf(c, wire),
          }),
        ]),
      ),
      media: t.field({
        type: [MediaLibraryObjectRef],
        description:
          "The card's images and videos, with their key and URL; empty when none is known.",
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
  "A video conversation card: a 16:9 video with up to four hashtag buttons; tapping one " +
    "lets a person post the card's text for it.",
  [
    ["media_key", "video_url"],
    ["poster_media_key", "video_poster_url"],
  ],
  [
    [
      "posterMediaKey",
      "poster_media_key",
      "The media key of the image shown before the video plays; null when none.",
    ],
    ["videoUrl", "video_url", "The web address of the video; null when not known."],
    [
      "videoPosterUrl",
      "video_poster_url",
      "The web address of the image shown before the video plays; null when none.",
    ],
  ],
);

conversationCard(
  ImageConversationCardRef,
  "image_conversation",
  (loaders) => loaders.byId("cards.image_conversation.list"),
  "An image conversation card: an image with up to four hashtag buttons; tapping one lets a " +
    "person post the card's text for it.",
  [["media_key", "image_url"]],
  [["imageUrl", "image_url", "The web address of the image; null when not known."]],
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
    description: "The account's video conversation cards, a page at a time.",
    sort: "Card",
    describe: CARD_LIST_DESCRIPTIONS,
  }),
  imageConversationCards: accountListField(t, "cards.image_conversation.list", {
    type: ImageConversationCardConnection,
    description: "The account's image conversation cards, a page at a time.",
    sort: "Card",
    describe: CARD_LIST_DESCRIPTIONS,
  }),
}));

const create = mutationArgs("cards.video_conversation.create", {
  describe: {
    account_id: "The `id` of the account to create the card in.",
    name: "The card's name, for the advertiser only (at most 80 characters).",
    media_key: "The media key of a 16:9 video in the media library.",
    poster_media_key: "The media key of an image to show before the video plays.",
    first_cta: "The first call to action: a hashtag, at most 20 characters after #.",
    first_cta_post: "The text of the post sent when someone taps firstCta.",
    second_cta: "A second hashtag (at most 20 characters after #); required when title is absent.",
    second_cta_post: "The text of the post sent for secondCta; required with secondCta.",
    third_cta: "A third hashtag (at most 20 characters after #).",
    third_cta_post: "The text of the post sent for thirdCta; required with thirdCta.",
    fourth_cta: "A fourth hashtag (at most 20 characters after #).",
    fourth_cta_post: "The text of the post sent for fourthCta; required with fourthCta.",
    thank_you_text: "The thanks shown after someone posts, at most 23 characters.",
    title:
      "The headline shown on the card, at most 23 characters; required when secondCta is absent.",
  },
});

const CreateVideoConversationCardInput = builder.inputType("CreateVideoConversationCardInput", {
  description: "A new video conversation card: a video, a title or second hashtag, and texts.",
  fields: create.fields,
});

const VideoConversationCardPayload = createPayload(
  "CreateVideoConversationCard",
  "videoConversationCard",
  VideoConversationCardRef,
  "The new video conversation card.",
  inAccount,
);

const CREATE_VIDEO_CONVERSATION_CARD_CALL = callRule(
  "cards.video_conversation.create",
  create.params,
);

builder.mutationField("createVideoConversationCard", (t) =>
  t.field({
    ...fetchedBy(CREATE_VIDEO_CONVERSATION_CARD_CALL),
    type: VideoConversationCardPayload,
    description: "Creates a video conversation card. Such cards cannot be changed afterwards.",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateVideoConversationCard"),
    args: {
      input: t.arg({
        type: CreateVideoConversationCardInput,
        required: true,
        description: "The card to create.",
      }),
    },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = create.params(input);
        const { data } = await upstream.call(CREATE_VIDEO_CONVERSATION_CARD_CALL.endpoint, params);
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
