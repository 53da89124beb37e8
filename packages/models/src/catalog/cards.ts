import { z } from "zod";
import { flag } from "../fields/booleans.js";
import { enumList, idList } from "../fields/lists.js";
import { integer } from "../fields/numbers.js";
import { hashtag, text } from "../fields/text.js";
import { sortBy } from "../fields/sort-by.js";
import { LIMITS } from "../limits.js";
import { cardComponentSchema } from "../resources/card-components.js";
import {
  CARD_TYPES,
  cardSchema,
  conversationCardSchema,
  pollCardSchema,
} from "../resources/card.js";
import { mediaKey } from "../resources/media.js";
import { cardShape, componentsXorSlides, notBothComponentsAndSlides } from "../rules/cards.js";
import { conversationCardCtas } from "../rules/conversation-card.js";
import { pollChoicesInOrder } from "../rules/poll.js";
import { adsId } from "../scalars.js";
import {
  SORTABLE,
  accountPath,
  cardNameQuery,
  listParams,
  pagingParams,
  withDeleted,
} from "./common-params.js";
import { endpoint, group } from "./endpoint.js";
import { collection, list, single } from "./responses.js";

const cardPath = { ...accountPath, card_id: adsId };
const cardName = text({ min: 1, max: LIMITS.creativeName });
const components = z.array(cardComponentSchema).min(1, "must hold at least one component");
const slides = z
  .array(z.array(cardComponentSchema).min(1, "must hold at least one component"))
  .min(1, "must hold at least one slide");
const cardIdsListParams = {
  ...accountPath,
  card_ids: idList().optional(),
  ...cardNameQuery,
  ...listParams(SORTABLE.cards),
};
/** spec §4.7: the post text used when a call-to-action is chosen (a post may span lines). */
const ctaText = text({ min: 1, lineBreaks: true });
const conversationText = text({ min: 1, max: LIMITS.conversationText });
const pollChoice = text({ min: 1, max: LIMITS.pollChoice });

/** spec §4.7 cards: generic (components/slides), video conversation, image conversation, poll. */
export const cardEndpoints = group(
  endpoint({
    id: "cards.list",
    method: "GET",
    path: "/accounts/:account_id/cards",
    capability: "creatives:read",
    lookups: [
      { param: "card_id", key: "id" },
      { param: "card_uris", key: "card_uri" },
    ],
    summary: "Cards created through the cards POST.",
    params: {
      ...accountPath,
      card_types: enumList(CARD_TYPES).optional(),
      // spec §4.7: named card_id although it takes up to 200 ids.
      card_id: idList().optional(),
      card_uris: idList({ kind: "card_uris" }).optional(),
      ...pagingParams(LIMITS.cardsCount),
      include_legacy_cards: flag().optional(),
      ...cardNameQuery,
      sort_by: sortBy(SORTABLE.cards).optional(),
      ...withDeleted,
    },
    response: list(cardSchema),
  }),
  endpoint({
    id: "cards.get",
    method: "GET",
    path: "/accounts/:account_id/cards/:card_id",
    capability: "creatives:read",
    summary: "One card.",
    params: { ...cardPath, ...withDeleted },
    response: single(cardSchema),
  }),
  endpoint({
    id: "cards.create",
    method: "POST",
    path: "/accounts/:account_id/cards",
    capability: "creatives:write",
    summary: "Create a card from components or slides (order matters).",
    params: {
      ...accountPath,
      name: cardName,
      components: components.optional(),
      slides: slides.optional(),
    },
    rules: [componentsXorSlides, cardShape],
    location: "json",
    response: single(cardSchema),
  }),
  endpoint({
    id: "cards.update",
    method: "PUT",
    path: "/accounts/:account_id/cards/:card_id",
    capability: "creatives:write",
    summary: "Replace the supplied fields of a card.",
    params: {
      ...cardPath,
      name: cardName.optional(),
      // null is "not supplied": the vendor's SDK sends a card back as {name, components},
      // so a card made of slides comes back with components: null.
      components: components.nullish(),
      slides: slides.nullish(),
    },
    updates: cardSchema,
    rules: [notBothComponentsAndSlides, cardShape],
    location: "json",
    response: single(cardSchema),
  }),
  endpoint({
    id: "cards.delete",
    method: "DELETE",
    path: "/accounts/:account_id/cards/:card_id",
    capability: "creatives:write",
    summary: "Delete a card.",
    params: cardPath,
    response: single(cardSchema),
  }),
  endpoint({
    id: "cards.all.list",
    method: "GET",
    path: "/accounts/:account_id/cards/all",
    capability: "creatives:read",
    lookups: [{ param: "card_uris", key: "card_uri" }],
    summary: "Cards of any kind by card URI.",
    params: { ...accountPath, card_uris: idList({ kind: "card_uris" }), ...withDeleted },
    response: collection(cardSchema),
  }),
  endpoint({
    id: "cards.all.get",
    method: "GET",
    path: "/accounts/:account_id/cards/all/:card_id",
    capability: "creatives:read",
    summary: "One card of any kind.",
    params: { ...cardPath, ...withDeleted },
    response: single(cardSchema),
  }),
  endpoint({
    id: "cards.video_conversation.list",
    method: "GET",
    path: "/accounts/:account_id/cards/video_conversation",
    capability: "creatives:read",
    lookups: [{ param: "card_ids", key: "id" }],
    summary: "Video conversation cards.",
    params: cardIdsListParams,
    response: list(conversationCardSchema),
  }),
  endpoint({
    id: "cards.video_conversation.get",
    method: "GET",
    path: "/accounts/:account_id/cards/video_conversation/:card_id",
    capability: "creatives:read",
    summary: "One video conversation card.",
    params: { ...cardPath, ...withDeleted },
    response: single(conversationCardSchema),
  }),
  endpoint({
    id: "cards.video_conversation.create",
    method: "POST",
    path: "/accounts/:account_id/cards/video_conversation",
    capability: "creatives:write",
    summary: "Create a video conversation card (16:9 video from the media library).",
    params: {
      ...accountPath,
      first_cta: hashtag(LIMITS.conversationCta),
      // spec §4.7: the post text used when the first call-to-action is chosen.
      first_cta_post: ctaText,
      media_key: mediaKey,
      name: cardName,
      thank_you_text: conversationText,
      title: conversationText.optional(),
      second_cta: hashtag(LIMITS.conversationCta).optional(),
      second_cta_post: ctaText.optional(),
      poster_media_key: mediaKey.optional(),
      third_cta: hashtag(LIMITS.conversationCta).optional(),
      third_cta_post: ctaText.optional(),
      fourth_cta: hashtag(LIMITS.conversationCta).optional(),
      fourth_cta_post: ctaText.optional(),
    },
    rules: [conversationCardCtas],
    response: single(conversationCardSchema),
  }),
  endpoint({
    id: "cards.image_conversation.list",
    method: "GET",
    path: "/accounts/:account_id/cards/image_conversation",
    capability: "creatives:read",
    lookups: [{ param: "card_ids", key: "id" }],
    summary: "Image conversation cards.",
    params: cardIdsListParams,
    response: list(conversationCardSchema),
  }),
  endpoint({
    id: "cards.poll.list",
    method: "GET",
    path: "/accounts/:account_id/cards/poll",
    capability: "creatives:read",
    lookups: [{ param: "card_ids", key: "id" }],
    summary: "Poll cards.",
    params: cardIdsListParams,
    response: list(pollCardSchema),
  }),
  endpoint({
    id: "cards.poll.get",
    method: "GET",
    path: "/accounts/:account_id/cards/poll/:card_id",
    capability: "creatives:read",
    summary: "One poll card.",
    params: { ...cardPath, ...withDeleted },
    response: single(pollCardSchema),
  }),
  endpoint({
    id: "cards.poll.create",
    method: "POST",
    path: "/accounts/:account_id/cards/poll",
    capability: "creatives:write",
    summary: "Create a poll card; it closes duration_in_minutes after creation. No update exists.",
    params: {
      ...accountPath,
      duration_in_minutes: integer(LIMITS.pollDurationMinutes),
      first_choice: pollChoice,
      second_choice: pollChoice,
      third_choice: pollChoice.optional(),
      fourth_choice: pollChoice.optional(),
      name: cardName,
      // spec §4.7: write-only; an image at least 800 px wide, 1.91:1, needs PROMOTED_MEDIA_POLLS.
      media_key: mediaKey.optional(),
    },
    rules: [pollChoicesInOrder],
    response: single(pollCardSchema),
  }),
  endpoint({
    id: "cards.poll.delete",
    method: "DELETE",
    path: "/accounts/:account_id/cards/poll/:card_id",
    capability: "creatives:write",
    summary: "Delete a poll card.",
    params: cardPath,
    response: single(pollCardSchema),
    beyondSpec:
      "issue 33: §4.7 shows poll cards without a delete; the vendor's v12 reference has DELETE accounts/:account_id/cards/poll/:card_id",
  }),
);
