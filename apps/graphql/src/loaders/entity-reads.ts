import type { Page, RestClient } from "@adsgraph/rest-client";
import { ENTITIES } from "./entities.js";
import type { EntityKind } from "./entities.js";
import type { ListParamsOf } from "./loaders.js";

/** The upstream reads of one kind of account-scoped entity, typed by its catalog endpoints. */
export interface EntityReads<K extends EntityKind> {
  /** One item by id (its single read, or a one-id lookup); undefined when the list lacks it. */
  one(accountId: string, id: string): Promise<unknown>;
  /** Items of these ids through the list's id parameter (≤200 per request, every page). */
  many(accountId: string, ids: readonly string[]): Promise<unknown[]>;
  page(accountId: string, params: ListParamsOf<K>): Promise<Page<unknown>>;
  totalCount(accountId: string, params: ListParamsOf<K>): Promise<number>;
}

/**
 * Each entity's reads (spec §4.5, §4.6, §4.7), written out per kind so every call is checked against
 * its endpoint's parameter types. A by-id chunk asks for as many items as it names ids (one
 * page), and campaigns include drafts (hidden from lists unless asked for).
 */
export function entityReads(client: RestClient): { [K in EntityKind]: EntityReads<K> } {
  return {
    campaign: {
      one: async (account_id, campaign_id) =>
        (await client.call("campaigns.get", { account_id, campaign_id })).data,
      many: (account_id, ids) =>
        client.collectMany(
          "campaigns.list",
          { account_id, ids, with_draft: true },
          { by: ENTITIES.campaign.ids },
        ),
      page: (account_id, params) => client.page("campaigns.list", { ...params, account_id }),
      totalCount: (account_id, params) =>
        client.totalCount("campaigns.list", { ...params, account_id }),
    },
    fundingInstrument: {
      one: async (account_id, funding_instrument_id) =>
        (await client.call("funding_instruments.get", { account_id, funding_instrument_id })).data,
      many: (account_id, ids) =>
        client.collectMany(
          "funding_instruments.list",
          { account_id, ids },
          { by: ENTITIES.fundingInstrument.ids },
        ),
      page: (account_id, params) =>
        client.page("funding_instruments.list", { ...params, account_id }),
      totalCount: (account_id, params) =>
        client.totalCount("funding_instruments.list", { ...params, account_id }),
    },
    lineItem: {
      one: async (account_id, line_item_id) =>
        (await client.call("line_items.get", { account_id, line_item_id })).data,
      many: (account_id, ids) =>
        client.collectMany("line_items.list", { account_id, ids }, { by: ENTITIES.lineItem.ids }),
      page: (account_id, params) => client.page("line_items.list", { ...params, account_id }),
      totalCount: (account_id, params) =>
        client.totalCount("line_items.list", { ...params, account_id }),
    },
    accountMedia: {
      one: async (account_id, account_media_id) =>
        (await client.call("account_media.get", { account_id, account_media_id })).data,
      many: (account_id, ids) =>
        client.collectMany(
          "account_media.list",
          { account_id, ids },
          { by: ENTITIES.accountMedia.ids },
        ),
      page: (account_id, params) => client.page("account_media.list", { ...params, account_id }),
      totalCount: (account_id, params) =>
        client.totalCount("account_media.list", { ...params, account_id }),
    },
    genericCard: {
      one: async (account_id, card_id) =>
        (await client.call("cards.get", { account_id, card_id })).data,
      many: (account_id, ids) =>
        client.collectMany("cards.list", { account_id, ids }, { by: ENTITIES.genericCard.ids }),
      page: (account_id, params) => client.page("cards.list", { ...params, account_id }),
      // cards.list takes no with_total_count (spec §4.7): its connection never asks.
      totalCount: () => Promise.resolve(0),
    },
    pollCard: {
      one: async (account_id, card_id) =>
        (await client.call("cards.poll.get", { account_id, card_id })).data,
      many: (account_id, ids) =>
        client.collectMany("cards.poll.list", { account_id, ids }, { by: ENTITIES.pollCard.ids }),
      page: (account_id, params) => client.page("cards.poll.list", { ...params, account_id }),
      totalCount: (account_id, params) =>
        client.totalCount("cards.poll.list", { ...params, account_id }),
    },
    videoConversationCard: {
      one: async (account_id, card_id) =>
        (await client.call("cards.video_conversation.get", { account_id, card_id })).data,
      many: (account_id, ids) =>
        client.collectMany(
          "cards.video_conversation.list",
          { account_id, ids },
          { by: ENTITIES.videoConversationCard.ids },
        ),
      page: (account_id, params) =>
        client.page("cards.video_conversation.list", { ...params, account_id }),
      totalCount: (account_id, params) =>
        client.totalCount("cards.video_conversation.list", { ...params, account_id }),
    },
    imageConversationCard: {
      // No single read (spec §4.7): a lookup of one id.
      one: async (account_id, id) =>
        (await client.page("cards.image_conversation.list", { account_id, card_ids: [id] }))
          .items[0],
      many: (account_id, ids) =>
        client.collectMany(
          "cards.image_conversation.list",
          { account_id, ids },
          { by: ENTITIES.imageConversationCard.ids },
        ),
      page: (account_id, params) =>
        client.page("cards.image_conversation.list", { ...params, account_id }),
      totalCount: (account_id, params) =>
        client.totalCount("cards.image_conversation.list", { ...params, account_id }),
    },
    mediaCreative: {
      one: async (account_id, media_creative_id) =>
        (await client.call("media_creatives.get", { account_id, media_creative_id })).data,
      many: (account_id, ids) =>
        client.collectMany(
          "media_creatives.list",
          { account_id, ids },
          { by: ENTITIES.mediaCreative.ids },
        ),
      page: (account_id, params) => client.page("media_creatives.list", { ...params, account_id }),
      totalCount: (account_id, params) =>
        client.totalCount("media_creatives.list", { ...params, account_id }),
    },
    promotedAccount: {
      one: async (account_id, promoted_account_id) =>
        (await client.call("promoted_accounts.get", { account_id, promoted_account_id })).data,
      many: (account_id, ids) =>
        client.collectMany(
          "promoted_accounts.list",
          { account_id, ids },
          { by: ENTITIES.promotedAccount.ids },
        ),
      page: (account_id, params) =>
        client.page("promoted_accounts.list", { ...params, account_id }),
      totalCount: (account_id, params) =>
        client.totalCount("promoted_accounts.list", { ...params, account_id }),
    },
    promotedPost: {
      // No single read (spec §4.6): a lookup of one id.
      one: async (account_id, id) =>
        (await client.page("promoted_posts.list", { account_id, promoted_post_ids: [id] }))
          .items[0],
      many: (account_id, ids) =>
        client.collectMany(
          "promoted_posts.list",
          { account_id, ids },
          { by: ENTITIES.promotedPost.ids },
        ),
      page: (account_id, params) => client.page("promoted_posts.list", { ...params, account_id }),
      // promoted_posts.list takes no with_total_count (spec §4.6 lists count, cursor, sort_by).
      totalCount: () => Promise.resolve(0),
    },
    trackingTag: {
      one: async (account_id, tracking_tag_id) =>
        (await client.call("tracking_tags.get", { account_id, tracking_tag_id })).data,
      many: (account_id, ids) =>
        client.collectMany(
          "tracking_tags.list",
          { account_id, ids },
          { by: ENTITIES.trackingTag.ids },
        ),
      page: (account_id, params) => client.page("tracking_tags.list", { ...params, account_id }),
      totalCount: (account_id, params) =>
        client.totalCount("tracking_tags.list", { ...params, account_id }),
    },
    customAudience: {
      one: async (account_id, custom_audience_id) =>
        (await client.call("custom_audiences.get", { account_id, custom_audience_id })).data,
      many: (account_id, ids) =>
        client.collectMany(
          "custom_audiences.list",
          { account_id, ids },
          { by: ENTITIES.customAudience.ids },
        ),
      page: (account_id, params) => client.page("custom_audiences.list", { ...params, account_id }),
      totalCount: (account_id, params) =>
        client.totalCount("custom_audiences.list", { ...params, account_id }),
    },
  };
}
