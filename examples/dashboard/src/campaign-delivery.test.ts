import { describe, expect, it } from "vitest";
import { deliveryByCampaign } from "./campaign-delivery.js";
import type { DashboardCampaignDeliveryQuery } from "./generated/gql/graphql.js";

const DAYS = ["2026-11-28T14:00:00Z", "2026-11-29T14:00:00Z"];
const usd = (micros: string) => ({ micros, currency: "USD" });

describe("deliveryByCampaign", () => {
  it("gives each campaign a day per bucket, its totals and currency; skips what is no campaign", () => {
    const nodes: DashboardCampaignDeliveryQuery["nodes"] = [
      {
        __typename: "Campaign",
        id: "c1",
        currency: "USD",
        metrics: {
          bucketStarts: DAYS,
          engagement: {
            impressions: {
              total: 30,
              points: DAYS.map((start, i) => ({ start, value: 10 * (i + 1) })),
            },
          },
          billing: {
            spend: {
              total: usd("3000000"),
              points: DAYS.map((start, i) => ({ start, value: usd(String((i + 1) * 1_000_000)) })),
            },
          },
        },
      },
      // A metric group the facade did not report: the days are there, with nothing delivered.
      {
        __typename: "Campaign",
        id: "c2",
        currency: "EUR",
        metrics: { bucketStarts: DAYS, engagement: null, billing: null },
      },
      null,
      { __typename: "Account", id: "a1" },
    ];
    const found = deliveryByCampaign(nodes);
    expect([...found.keys()]).toEqual(["c1", "c2"]);
    expect(found.get("c1")).toEqual({
      days: [
        { start: DAYS[0], impressions: 10, spendMicros: "1000000" },
        { start: DAYS[1], impressions: 20, spendMicros: "2000000" },
      ],
      totalImpressions: 30,
      totalSpendMicros: "3000000",
      currency: "USD",
    });
    expect(found.get("c2")).toMatchObject({
      days: DAYS.map((start) => ({ start, impressions: 0, spendMicros: "0" })),
      currency: "EUR",
    });
    expect(deliveryByCampaign(undefined).size).toBe(0);
  });
});
