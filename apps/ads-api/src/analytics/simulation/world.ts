/**
 * The facts the delivery simulation reads: a pure snapshot of an account's history. The
 * world loader builds it from the database; the simulation never does I/O.
 */

/** A value in effect from `from` (epoch ms, inclusive) until the next span's `from`. */
export interface Span<S> {
  readonly from: number;
  readonly state: S;
}

export interface FundingInstrumentFacts {
  readonly id: string;
  readonly createdAt: number;
  readonly deletedAt: number | null;
  readonly startTime: number;
  readonly endTime: number | null;
  /** Not cancelled, not paused, able_to_fund (these never change through the API). */
  readonly able: boolean;
}

export interface CampaignState {
  readonly entityStatus: string;
  readonly deleted: boolean;
  readonly fundingInstrumentId: string;
  readonly dailyBudgetMicro: number | null;
  readonly totalBudgetMicro: number | null;
  readonly standardDelivery: boolean;
  readonly startTime: number | null;
  readonly endTime: number | null;
}

export interface CampaignFacts {
  readonly id: string;
  readonly createdAt: number;
  readonly spans: readonly Span<CampaignState>[];
}

export interface LineItemState {
  readonly entityStatus: string;
  readonly deleted: boolean;
  readonly bidMicro: number | null;
  readonly bidStrategy: string;
  readonly payBy: string | null;
  readonly totalBudgetMicro: number | null;
  /** Targeting reach (audience size) in effect. */
  readonly reach: number;
}

export interface LineItemFacts {
  readonly id: string;
  readonly campaignId: string;
  readonly createdAt: number;
  readonly objective: string;
  readonly productType: string;
  readonly placements: readonly string[];
  readonly spans: readonly Span<LineItemState>[];
}

export interface CreativeFacts {
  readonly id: string;
  readonly kind: "PROMOTED_POST" | "PROMOTED_ACCOUNT" | "MEDIA_CREATIVE";
  readonly lineItemId: string;
  readonly createdAt: number;
  readonly deletedAt: number | null;
}

export interface DeliveryWorld {
  readonly accountId: string;
  readonly timezone: string;
  readonly currency: string;
  /** The clock of this computation (epoch ms); hours at or after it deliver nothing. */
  readonly now: number;
  readonly fundingInstruments: readonly FundingInstrumentFacts[];
  readonly campaigns: readonly CampaignFacts[];
  readonly lineItems: readonly LineItemFacts[];
  readonly creatives: readonly CreativeFacts[];
}
