import type { PageableId } from "@adsgraph/rest-client";
import type {
  AccountMediaShape,
  CampaignShape,
  CardKind,
  ConversationCardShape,
  CustomAudienceShape,
  FundingInstrumentShape,
  GenericCardShape,
  LineItemShape,
  MediaCreativeShape,
  PollCardShape,
  PromotedAccountShape,
  PromotedPostShape,
  TrackingTagShape,
} from "./shapes.js";

interface EntitySpec {
  /** Named in NOT_FOUND messages. */
  readonly what: string;
  /** The account's list endpoint. */
  readonly list: PageableId;
  /** The list's id-list parameter: by-id reads (entity-reads.ts) and the connection's `ids`. */
  readonly ids: string;
  /** spec §4.7: cards come from an endpoint per kind. */
  readonly cardKind?: CardKind;
}

/** The account-scoped entities loaders read by id, and their lists (spec §4.5, §4.7, line items beyond it; reads in entity-reads.ts). */
export const ENTITIES = {
  campaign: {
    what: "campaign",
    list: "campaigns.list",
    ids: "campaign_ids",
  },
  fundingInstrument: {
    what: "funding instrument",
    list: "funding_instruments.list",
    ids: "funding_instrument_ids",
  },
  lineItem: {
    what: "line item",
    list: "line_items.list",
    ids: "line_item_ids",
  },
  accountMedia: {
    what: "account media",
    list: "account_media.list",
    ids: "account_media_ids",
  },
  genericCard: {
    what: "card",
    list: "cards.list",
    ids: "card_id",
    cardKind: "generic",
  },
  pollCard: {
    what: "poll card",
    list: "cards.poll.list",
    ids: "card_ids",
    cardKind: "poll",
  },
  videoConversationCard: {
    what: "video conversation card",
    list: "cards.video_conversation.list",
    ids: "card_ids",
    cardKind: "video_conversation",
  },
  imageConversationCard: {
    what: "image conversation card",
    list: "cards.image_conversation.list",
    ids: "card_ids",
    cardKind: "image_conversation",
  },
  // spec §4.6 line item attachments.
  mediaCreative: {
    what: "media creative",
    list: "media_creatives.list",
    ids: "media_creative_ids",
  },
  promotedAccount: {
    what: "promoted account",
    list: "promoted_accounts.list",
    ids: "promoted_account_ids",
  },
  promotedPost: {
    what: "promoted post",
    list: "promoted_posts.list",
    ids: "promoted_post_ids",
  },
  trackingTag: {
    what: "tracking tag",
    list: "tracking_tags.list",
    ids: "tracking_tag_ids",
  },
  // spec §4.8: the account's own audiences and those shared with it.
  customAudience: {
    what: "custom audience",
    list: "custom_audiences.list",
    ids: "custom_audience_ids",
  },
} as const satisfies Record<string, EntitySpec>;

export type EntityKind = keyof typeof ENTITIES;

export interface EntityShapes {
  campaign: CampaignShape;
  fundingInstrument: FundingInstrumentShape;
  lineItem: LineItemShape;
  accountMedia: AccountMediaShape;
  genericCard: GenericCardShape;
  pollCard: PollCardShape;
  videoConversationCard: ConversationCardShape;
  imageConversationCard: ConversationCardShape;
  mediaCreative: MediaCreativeShape;
  promotedAccount: PromotedAccountShape;
  promotedPost: PromotedPostShape;
  trackingTag: TrackingTagShape;
  customAudience: CustomAudienceShape;
}

/** Attaches the account (and the card kind) to an upstream item. */
export function shapeOf<K extends EntityKind>(
  kind: K,
  item: unknown,
  accountId: string,
): EntityShapes[K] {
  const spec: EntitySpec = ENTITIES[kind];
  return {
    ...(item as object),
    account_id: accountId,
    ...(spec.cardKind !== undefined && { card_kind: spec.cardKind }),
  } as EntityShapes[K];
}
