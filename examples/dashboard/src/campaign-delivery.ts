import type { DashboardCampaignDeliveryQuery } from "./generated/gql/graphql.js";
import type { Delivery } from "./delivery-chart.js";

type Answered = DashboardCampaignDeliveryQuery["nodes"][number];
type CampaignNode = Extract<NonNullable<Answered>, { __typename: "Campaign" }>;

/**
 * The chart's input per campaign id, from the delivery query's answer: one day per bucket
 * start, a metric the facade did not report counting as nothing delivered.
 */
export function deliveryByCampaign(
  nodes: DashboardCampaignDeliveryQuery["nodes"] | undefined,
): ReadonlyMap<string, Delivery> {
  const found = new Map<string, Delivery>();
  for (const node of nodes ?? []) {
    if (node?.__typename !== "Campaign") continue;
    const campaign: CampaignNode = node;
    const { metrics } = campaign;
    const impressions = metrics.engagement?.impressions;
    const spend = metrics.billing?.spend;
    const impressionsAt = new Map(impressions?.points.map((p) => [p.start, p.value]));
    const spendAt = new Map(spend?.points.map((p) => [p.start, p.value.micros]));
    found.set(campaign.id, {
      days: metrics.bucketStarts.map((start) => ({
        start,
        impressions: impressionsAt.get(start) ?? 0,
        spendMicros: spendAt.get(start) ?? "0",
      })),
      totalImpressions: impressions?.total ?? 0,
      totalSpendMicros: spend?.total.micros ?? "0",
      currency: spend?.total.currency ?? campaign.currency,
    });
  }
  return found;
}
