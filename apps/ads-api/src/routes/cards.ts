import { LIMITS } from "@adsgraph/models";
import { accountOf } from "./ads-route.js";
import type { AdsHandlers } from "./ads-route.js";
import { collection, listOf, single } from "../services/results.js";
import {
  presentCard,
  presentConversationCard,
  presentGenericCard,
  presentPollCard,
} from "../services/card-present.js";
import {
  cardsByUris,
  createCard,
  deleteCard,
  getCard,
  listCards,
  updateCard,
} from "../services/cards.js";
import { createVideoConversationCard } from "../services/conversation-cards.js";
import { createPollCard } from "../services/poll-cards.js";

/** spec §4.7 cards: generic, cards/all, poll, video and image conversation. */
export const cardHandlers: AdsHandlers = {
  "cards.list": async (call) => {
    // include_legacy_cards has no effect: this service holds no legacy cards.
    const page = await listCards(
      call.ctx,
      accountOf(call).id,
      "generic",
      call.params,
      LIMITS.cardsCount.default,
    );
    return listOf(page, presentGenericCard);
  },
  "cards.get": async (call) => {
    const { card_id: id, with_deleted: withDeleted } = call.params;
    const row = await getCard(call.ctx, accountOf(call).id, id, withDeleted === true, "generic");
    return single(presentGenericCard(row));
  },
  "cards.create": async (call) => {
    const row = await createCard(call.ctx, accountOf(call).id, call.params);
    return single(presentGenericCard(row));
  },
  "cards.update": async (call) => {
    const { card_id: id, account_id: _account, ...params } = call.params;
    const row = await updateCard(call.ctx, accountOf(call).id, id, params);
    return single(presentGenericCard(row));
  },
  "cards.delete": async (call) => {
    const row = await deleteCard(call.ctx, accountOf(call).id, call.params.card_id);
    return single(presentGenericCard(row));
  },
  "cards.all.list": async (call) => {
    const now = call.ctx.clock();
    const rows = await cardsByUris(
      call.ctx,
      accountOf(call).id,
      call.params.card_uris,
      call.params.with_deleted === true,
    );
    return collection(rows.map((row) => presentCard(row, now)));
  },
  "cards.all.get": async (call) => {
    const { card_id: id, with_deleted: withDeleted } = call.params;
    const row = await getCard(call.ctx, accountOf(call).id, id, withDeleted === true, undefined);
    return single(presentCard(row, call.ctx.clock()));
  },
  "cards.poll.list": async (call) => {
    const now = call.ctx.clock();
    const page = await listCards(call.ctx, accountOf(call).id, "poll", call.params);
    return listOf(page, (row) => presentPollCard(row, now));
  },
  "cards.poll.get": async (call) => {
    const { card_id: id, with_deleted: withDeleted } = call.params;
    const row = await getCard(call.ctx, accountOf(call).id, id, withDeleted === true, "poll");
    return single(presentPollCard(row, call.ctx.clock()));
  },
  "cards.poll.create": async (call) => {
    const row = await createPollCard(call.ctx, accountOf(call), call.params);
    return single(presentPollCard(row, call.ctx.clock()));
  },
  // Beyond the spec (issue 33): a soft delete as for generic cards; a repeat is 404.
  "cards.poll.delete": async (call) => {
    const row = await deleteCard(call.ctx, accountOf(call).id, call.params.card_id, "poll");
    return single(presentPollCard(row, call.ctx.clock()));
  },
  "cards.video_conversation.list": async (call) => {
    const page = await listCards(call.ctx, accountOf(call).id, "video_conversation", call.params);
    return listOf(page, presentConversationCard);
  },
  "cards.video_conversation.get": async (call) => {
    const { card_id: id, with_deleted: withDeleted } = call.params;
    const row = await getCard(
      call.ctx,
      accountOf(call).id,
      id,
      withDeleted === true,
      "video_conversation",
    );
    return single(presentConversationCard(row));
  },
  "cards.video_conversation.create": async (call) => {
    const row = await createVideoConversationCard(call.ctx, accountOf(call).id, call.params);
    return single(presentConversationCard(row));
  },
  "cards.image_conversation.list": async (call) => {
    const page = await listCards(call.ctx, accountOf(call).id, "image_conversation", call.params);
    return listOf(page, presentConversationCard);
  },
};
