import type { PageableId } from "@adsgraph/rest-client";
import type { SingleId } from "../upstream/upstream.js";
import type {
  AccountMediaShape,
  CampaignShape,
  CardKind,
  ConversationCardShape,
  FundingInstrumentShape,
  GenericCardShape,
  PollCardShape,
} from "./shapes.js";

interface EntitySpec {
  /** Named in NOT_FOUND messages. */
  readonly what: string;
  /** The account's list endpoint. */
  readonly list: PageableId;
  /** Its id-list parameter (≤200 ids; spec §4.2). */
  readonly ids: string;
  /** The single-read endpoint and its path parameter (none for image conversation cards). */
  readonly single: { readonly id: SingleId; readonly param: string } | null;
  /** Added to by-id lookups: drafts are hidden from campaign lists unless asked for. */
  readonly lookup: Readonly<Record<string, unknown>>;
  /** spec §4.7: cards come from an endpoint per kind. */
  readonly cardKind?: CardKind;
}

/** The account-scoped entities loaders read by id, and the endpoints they use (spec §4.5, §4.7). */
export const ENTITIES = {
  campaign: {
    what: "campaign",
    list: "campaigns.list",
    ids: "campaign_ids",
    single: { id: "campaigns.get", param: "campaign_id" },
    lookup: { with_draft: true },
  },
  fundingInstrument: {
    what: "funding instrument",
    list: "funding_instruments.list",
    // The spec shows only paging here; the catalog adds it from the recorded SDK.
    ids: "funding_instrument_ids",
    single: { id: "funding_instruments.get", param: "funding_instrument_id" },
    lookup: {},
  },
  accountMedia: {
    what: "account media",
    list: "account_media.list",
    ids: "account_media_ids",
    single: { id: "account_media.get", param: "account_media_id" },
    lookup: {},
  },
  genericCard: {
    what: "card",
    list: "cards.list",
    ids: "card_id",
    single: { id: "cards.get", param: "card_id" },
    lookup: {},
    cardKind: "generic",
  },
  pollCard: {
    what: "poll card",
    list: "cards.poll.list",
    ids: "card_ids",
    single: { id: "cards.poll.get", param: "card_id" },
    lookup: {},
    cardKind: "poll",
  },
  videoConversationCard: {
    what: "video conversation card",
    list: "cards.video_conversation.list",
    ids: "card_ids",
    single: { id: "cards.video_conversation.get", param: "card_id" },
    lookup: {},
    cardKind: "video_conversation",
  },
  imageConversationCard: {
    what: "image conversation card",
    list: "cards.image_conversation.list",
    ids: "card_ids",
    single: null,
    lookup: {},
    cardKind: "image_conversation",
  },
} as const satisfies Record<string, EntitySpec>;

export type EntityKind = keyof typeof ENTITIES;

export interface EntityShapes {
  campaign: CampaignShape;
  fundingInstrument: FundingInstrumentShape;
  accountMedia: AccountMediaShape;
  genericCard: GenericCardShape;
  pollCard: PollCardShape;
  videoConversationCard: ConversationCardShape;
  imageConversationCard: ConversationCardShape;
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
