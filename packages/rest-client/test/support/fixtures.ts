import type { Campaign, CustomAudience } from "@adsgraph/models";

const T = "2025-01-01T00:00:00Z";

/** A campaign that satisfies the catalog's response schema. */
export function campaign(id: string, overrides: Partial<Campaign> = {}): Campaign {
  return {
    id,
    created_at: T,
    updated_at: T,
    deleted: false,
    name: `campaign ${id}`,
    funding_instrument_id: "fi1",
    daily_budget_amount_local_micro: null,
    total_budget_amount_local_micro: 5_000_000,
    standard_delivery: true,
    entity_status: "PAUSED",
    servable: false,
    reasons_not_servable: ["PAUSED_BY_ADVERTISER"],
    currency: "USD",
    ...overrides,
  };
}

export function customAudience(id: string, name: string): CustomAudience {
  return {
    id,
    created_at: T,
    updated_at: T,
    deleted: false,
    name,
    description: null,
    audience_type: "FLEXIBLE",
    targetable: false,
    targetable_types: [],
    reasons_not_targetable: ["PROCESSING"],
    partner_source: "OTHER",
    audience_size: null,
  };
}

/** A §2.1 list envelope. */
export function listEnvelope<T>(data: T[], nextCursor: string | null, totalCount?: number) {
  return {
    request: { params: {} },
    data,
    next_cursor: nextCursor,
    ...(totalCount === undefined ? {} : { total_count: totalCount }),
  };
}

export function singleEnvelope<T>(data: T) {
  return { request: { params: {} }, data };
}
