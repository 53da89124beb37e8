/** The granularities `--granularity` takes, as the graph's `MetricsGranularity` names them. */
export const GRANULARITIES = { day: "DAY", hour: "HOUR", total: "TOTAL" } as const;

export type Granularity = (typeof GRANULARITIES)[keyof typeof GRANULARITIES];

export interface CountSeries {
  readonly total: number;
  readonly points: readonly { readonly start: string; readonly value: number }[];
}

export interface MoneyValue {
  readonly micros: string;
  readonly currency: string;
}

export interface MoneySeries {
  readonly total: MoneyValue;
  readonly points: readonly { readonly start: string; readonly value: MoneyValue }[];
}

/** One campaign of the answer: who it is and its numbers over the range. */
export interface CampaignStats {
  readonly rawId: string;
  readonly name: string;
  readonly currency: string;
  readonly metrics: {
    readonly start: string;
    readonly end: string;
    readonly granularity: Granularity;
    readonly bucketStarts: readonly string[];
    /** Null when the group was not fetched; a metric null when not reported for campaigns. */
    readonly engagement: {
      readonly impressions: CountSeries | null;
      readonly engagements: CountSeries | null;
    } | null;
    readonly billing: { readonly spend: MoneySeries | null } | null;
  };
}

/**
 * Campaigns per page: each selects its numbers, about 110 units of the facade's complexity
 * limit of 20,000 (docs/graphql.md), so pages of 100 rather than the lists' 200.
 */
export const STATS_PAGE = 100;

/**
 * One query for every page of campaigns and their numbers: the facade batches the metrics of a
 * page into as few `stats.get` requests as the ads service allows (20 ids and 7 days each).
 * Selecting engagement and billing fields alone fetches those two metric groups only. A named
 * campaign is found even if deleted (it may have delivered in the range); drafts never
 * delivered and the ads service has no stats of them, so they are never asked for.
 */
export const STATS = `query Stats(
  $account: String!
  $first: Int!
  $after: String
  $ids: [ID!]
  $named: Boolean!
  $range: MetricsRangeInput!
  $granularity: MetricsGranularity!
) {
  account(rawId: $account) {
    campaigns(first: $first, after: $after, ids: $ids, withDeleted: $named) {
      edges {
        node {
          rawId name currency
          metrics(range: $range, granularity: $granularity) {
            start end granularity bucketStarts
            engagement {
              impressions { total points { start value } }
              engagements { total points { start value } }
            }
            billing { spend { total { micros currency } points { start value { micros currency } } } }
          }
        }
      }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;
