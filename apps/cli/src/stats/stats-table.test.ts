import { describe, expect, it } from "vitest";
import { renderTable } from "../format/table.js";
import type { CampaignStats, CountSeries, Granularity, MoneySeries } from "./stats-document.js";
import { formatBucketStart, formatCount, statsTable } from "./stats-table.js";

const DAYS = ["2026-11-28T14:00:00Z", "2026-11-29T14:00:00Z"];

const counts = (...values: number[]): CountSeries => ({
  total: values.reduce((a, b) => a + b, 0),
  points: values.map((value, i) => ({ start: DAYS[i] ?? "", value })),
});

const money = (...micros: number[]): MoneySeries => ({
  total: { micros: String(micros.reduce((a, b) => a + b, 0)), currency: "USD" },
  points: micros.map((m, i) => ({
    start: DAYS[i] ?? "",
    value: { micros: String(m), currency: "USD" },
  })),
});

function campaign(
  rawId: string,
  name: string,
  granularity: Granularity,
  numbers: { impressions: CountSeries; engagements: CountSeries; spend: MoneySeries } | null,
): CampaignStats {
  return {
    rawId,
    name,
    currency: "USD",
    metrics: {
      start: "2026-11-28T14:00:00Z",
      end: "2026-11-30T14:00:00Z",
      granularity,
      bucketStarts: granularity === "TOTAL" ? DAYS.slice(0, 1) : DAYS,
      engagement:
        numbers === null
          ? null
          : { impressions: numbers.impressions, engagements: numbers.engagements },
      billing: numbers === null ? null : { spend: numbers.spend },
    },
  };
}

const render = (table: ReturnType<typeof statsTable>) =>
  renderTable(table.columns, table.rows, { alignRight: table.alignRight });

describe("stats table", () => {
  it("TOTAL: one row per campaign, numbers aligned right, spend exact with its currency", () => {
    const table = statsTable(
      [
        campaign("dmo1abc1", "Spring launch", "TOTAL", {
          impressions: counts(120_345),
          engagements: counts(2_101),
          spend: money(48_250_000),
        }),
        campaign("dmo1abc2", "Retargeting", "TOTAL", {
          impressions: counts(0),
          engagements: counts(0),
          spend: money(0),
        }),
      ],
      true,
    );
    expect(render(table).split("\n")).toEqual([
      "CAMPAIGN       ID        IMPRESSIONS  ENGAGEMENTS      SPEND",
      "Spring launch  dmo1abc1       120345         2101  48.25 USD",
      "Retargeting    dmo1abc2            0            0   0.00 USD",
      "",
    ]);
  });

  it("DAY: a row per campaign and day, each day's start in UTC", () => {
    const table = statsTable(
      [
        campaign("dmo1abc1", "Spring launch", "DAY", {
          impressions: counts(1000, 2500),
          engagements: counts(10, 31),
          spend: money(1_500_000, 3_000_000),
        }),
      ],
      false,
    );
    expect(table.columns).toEqual([
      "CAMPAIGN",
      "ID",
      "START (UTC)",
      "IMPRESSIONS",
      "ENGAGEMENTS",
      "SPEND",
    ]);
    expect(table.rows).toEqual([
      ["Spring launch", "dmo1abc1", "2026-11-28 14:00", "1000", "10", "1.50 USD"],
      ["Spring launch", "dmo1abc1", "2026-11-29 14:00", "2500", "31", "3.00 USD"],
    ]);
    expect(table.alignRight).toEqual([3, 4, 5]);
  });

  it("leaves a cell empty for a metric group the facade did not report, never a made-up 0", () => {
    const table = statsTable([campaign("dmo1abc9", "Draft", "DAY", null)], false);
    expect(table.rows).toEqual([
      ["Draft", "dmo1abc9", "2026-11-28 14:00", "", "", ""],
      ["Draft", "dmo1abc9", "2026-11-29 14:00", "", "", ""],
    ]);
  });

  it("has a header and no rows for no campaigns", () => {
    expect(render(statsTable([], true))).toBe("CAMPAIGN  ID  IMPRESSIONS  ENGAGEMENTS  SPEND\n");
  });

  it("writes counts in digits (never 1e+21) and bucket starts as date and time", () => {
    expect(formatCount(3_000_000_000)).toBe("3000000000");
    expect(formatCount(2 ** 53 + 2)).toBe("9007199254740994");
    expect(formatBucketStart("2026-11-30T00:00:00Z")).toBe("2026-11-30 00:00");
    expect(formatBucketStart("2026-11-30T00:00:00.000Z")).toBe("2026-11-30 00:00");
  });
});
