import type { MetricGroup, MetricValue, SegmentationType } from "@adsgraph/models";
import {
  METRIC_GROUPS,
  METRICS_BY_GROUP,
  PAY_BY_VALUES,
  SEGMENTATION_TYPES,
} from "@adsgraph/models";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { activeEntities } from "./active-entities.js";
import { statsAnswer } from "./stats-answer.js";
import type { StatsQuery } from "./stats-answer.js";
import type {
  CampaignFacts,
  CampaignState,
  CreativeFacts,
  DeliveryWorld,
  LineItemFacts,
  LineItemState,
  Span,
} from "./world.js";

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 1);
const RANGE_HOURS = 168;
const wire = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
const RUNS = { numRuns: 20 };

// Instants at minute resolution (so changes fall inside hours too) in the first 150 hours.
const instant = fc.integer({ min: 0, max: 150 * 60 }).map((m) => T0 + m * 60_000);
const early = fc.integer({ min: 0, max: 48 * 60 }).map((m) => T0 + m * 60_000);
const later = (from: number) => fc.integer({ min: 1, max: 24 * 60 }).map((m) => from + m * 60_000);
const rarely = <T>(value: T, otherwise: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 1, arbitrary: fc.constant(value) }, { weight: 5, arbitrary: otherwise });
/** Null mostly, a value now and then (an end, a delete). */
const sometimes = <T>(value: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: value });
const status = rarely("PAUSED", fc.constant("ACTIVE"));
const budget = (min: number, max: number) => fc.oneof(fc.constant(null), fc.integer({ min, max }));

function spans<S>(createdAt: number, state: fc.Arbitrary<S>): fc.Arbitrary<Span<S>[]> {
  return fc
    .array(fc.tuple(fc.integer({ min: 1, max: 120 * 60 }), state), { minLength: 1, maxLength: 3 })
    .map((list) =>
      list
        .map(([minutes, s], i) => ({
          from: i === 0 ? createdAt : createdAt + minutes * 60_000,
          state: s,
        }))
        .sort((a, b) => a.from - b.from),
    );
}

const campaignState = (fiCount: number): fc.Arbitrary<CampaignState> =>
  fc.record({
    entityStatus: status,
    deleted: fc.constant(false), // deletes are added by the tests that need them
    fundingInstrumentId: fc.integer({ min: 0, max: fiCount - 1 }).map((i) => `fi${i}`),
    dailyBudgetMicro: budget(1_000_000, 1_000_000_000),
    totalBudgetMicro: budget(1_000_000, 2_000_000_000),
    standardDelivery: fc.boolean(),
    startTime: rarely(null, fc.constant(T0)),
    endTime: sometimes(instant),
  });

const lineItemState: fc.Arbitrary<LineItemState> = fc.record({
  entityStatus: status,
  deleted: fc.constant(false),
  bidMicro: fc.oneof(fc.constant(null), fc.integer({ min: 100_000, max: 10_000_000 })),
  bidStrategy: fc.constantFrom("AUTO", "MAX", "TARGET"),
  payBy: fc.oneof(fc.constant(null), fc.constantFrom(...PAY_BY_VALUES)),
  totalBudgetMicro: budget(1_000_000, 5_000_000_000),
  reach: fc.integer({ min: 0, max: 5_000_000 }),
});

const worlds: fc.Arbitrary<DeliveryWorld> = fc
  .record({
    timezone: fc.constantFrom("UTC", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe"),
    now: fc.integer({ min: 24 * 60, max: 160 * 60 }).map((m) => T0 + m * 60_000 + 17_000),
    fiCount: fc.integer({ min: 1, max: 2 }),
  })
  .chain(({ timezone, now, fiCount }) =>
    fc
      .record({
        fundingInstruments: fc.tuple(
          ...Array.from({ length: fiCount }, (_, i) =>
            fc.record({
              id: fc.constant(`fi${i}`),
              createdAt: fc.constant(T0 - HOUR),
              deletedAt: sometimes(instant),
              startTime: fc.constant(T0 - HOUR),
              endTime: sometimes(instant),
              able: rarely(false, fc.constant(true)),
            }),
          ),
        ),
        campaigns: fc.array(
          early.chain((createdAt) =>
            fc.record({
              createdAt: fc.constant(createdAt),
              spans: spans(createdAt, campaignState(fiCount)),
              lineItems: fc.array(
                later(createdAt).chain((liCreated) =>
                  fc.record({
                    createdAt: fc.constant(liCreated),
                    objective: fc.constantFrom(
                      "ENGAGEMENTS",
                      "WEBSITE_CLICKS",
                      "REACH",
                      "VIDEO_VIEWS",
                      "APP_INSTALLS",
                    ),
                    placements: fc.subarray([
                      "ALL_ON_TWITTER",
                      "PUBLISHER_NETWORK",
                      "TWITTER_SEARCH",
                      "TAP_FULL",
                    ]),
                    spans: spans(liCreated, lineItemState),
                    creatives: fc.array(
                      fc.record({
                        kind: fc.constantFrom(
                          "PROMOTED_POST",
                          "PROMOTED_ACCOUNT",
                          "MEDIA_CREATIVE",
                        ),
                        createdAt: fc.oneof(fc.constant(T0), fc.constant(T0), instant),
                        deletedAt: sometimes(instant),
                      }),
                      { minLength: 1, maxLength: 3 }, // none: "delete creatives" below
                    ),
                  }),
                ),
                { minLength: 1, maxLength: 3 },
              ),
            }),
          ),
          { minLength: 1, maxLength: 3 },
        ),
      })
      .map((raw): DeliveryWorld => {
        const campaigns: CampaignFacts[] = [];
        const lineItems: LineItemFacts[] = [];
        const creatives: CreativeFacts[] = [];
        raw.campaigns.forEach((c, ci) => {
          campaigns.push({ id: `c${ci}`, createdAt: c.createdAt, spans: c.spans });
          c.lineItems.forEach((l, li) => {
            const id = `c${ci}l${li}`;
            lineItems.push({
              id,
              campaignId: `c${ci}`,
              createdAt: l.createdAt,
              objective: l.objective,
              productType: "PROMOTED_POSTS",
              placements: l.placements,
              spans: l.spans,
            });
            l.creatives.forEach((cr, k) =>
              creatives.push({ ...cr, id: `${id}k${k}`, lineItemId: id }),
            );
          });
        });
        return {
          accountId: "acct",
          timezone,
          currency: "USD",
          now,
          fundingInstruments: raw.fundingInstruments,
          campaigns,
          lineItems,
          creatives,
        };
      }),
  );

// ---- reading answers ----

const ALL_GROUPS: MetricGroup[] = [...METRIC_GROUPS];
/** Counts, money and breakdowns, for the heavier properties. */
const SOME_GROUPS: MetricGroup[] = ["ENGAGEMENT", "BILLING", "WEB_CONVERSION"];
const PLACEMENTS = ["ALL_ON_TWITTER", "PUBLISHER_NETWORK"] as const;
const CREATIVE_KINDS = ["PROMOTED_POST", "PROMOTED_ACCOUNT", "MEDIA_CREATIVE"] as const;

function query(over: Partial<StatsQuery> & Pick<StatsQuery, "entity" | "entity_ids">): StatsQuery {
  return {
    start_time: wire(T0),
    end_time: wire(T0 + RANGE_HOURS * HOUR),
    granularity: "HOUR",
    metric_groups: ALL_GROUPS,
    placement: "ALL_ON_TWITTER",
    ...over,
  };
}

type Series = Map<string, number[]>;
const PARTS = new Map(
  METRIC_GROUPS.flatMap((group) =>
    METRICS_BY_GROUP[group].map((spec) => [spec.name, spec.parts] as const),
  ).filter((entry): entry is readonly [string, readonly string[]] => entry[1] !== undefined),
);

/** Every metric (and part) of an id_data item as numbers per bucket (null reads as zeros). */
function seriesOf(metrics: Record<string, MetricValue>, length: number): Series {
  const out: Series = new Map();
  const zeros = () => Array.from({ length }, () => 0);
  for (const [name, value] of Object.entries(metrics)) {
    if (value === null) {
      const parts = PARTS.get(name);
      if (parts === undefined) out.set(name, zeros());
      else for (const part of parts) out.set(`${name}.${part}`, zeros());
    } else if (Array.isArray(value))
      out.set(
        name,
        value.map((v) => v ?? 0),
      );
    else {
      for (const [part, values] of Object.entries(value)) {
        out.set(`${name}.${part}`, values === null ? zeros() : values.map((v) => v ?? 0));
      }
    }
  }
  return out;
}

/** The series of each id of an answer (unsegmented). */
function answerSeries(world: DeliveryWorld, q: StatsQuery): Map<string, Series> {
  const answer = statsAnswer(world, q);
  return new Map(
    answer.data.map((entry) => [
      entry.id,
      seriesOf(entry.id_data[0]?.metrics ?? {}, answer.time_series_length),
    ]),
  );
}

/** Element-wise sum of several entities' series (on the keys of the first argument). */
function sumSeries(keys: Series, parts: Iterable<Series>): Series {
  const out: Series = new Map([...keys].map(([k, v]) => [k, v.map(() => 0)]));
  for (const part of parts) {
    for (const [k, values] of out) {
      const add = part.get(k);
      if (add !== undefined)
        values.forEach((_, i) => (values[i] = (values[i] ?? 0) + (add[i] ?? 0)));
    }
  }
  return out;
}

const idsOf = (items: readonly { readonly id: string }[]) => items.map((item) => item.id);

function governing<S>(list: readonly Span<S>[], t: number): S | null {
  return (
    [...list]
      .sort((a, b) => a.from - b.from)
      .filter((span) => span.from < t)
      .at(-1)?.state ?? null
  );
}

/** Per-hour spend of an entity over both placements (the whole of its delivery). */
function hourlySpend(world: DeliveryWorld, entity: "CAMPAIGN" | "LINE_ITEM", ids: string[]) {
  const totals = new Map(ids.map((id) => [id, Array.from({ length: RANGE_HOURS }, () => 0)]));
  for (const placement of PLACEMENTS) {
    const answer = answerSeries(
      world,
      query({ entity, entity_ids: ids, placement, metric_groups: ["BILLING"] }),
    );
    for (const [id, series] of answer) {
      const spend = series.get("billed_charge_local_micro") ?? [];
      const total = totals.get(id) ?? [];
      spend.forEach((v, i) => (total[i] = (total[i] ?? 0) + v));
    }
  }
  return totals;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
function localDay(timezone: string, ms: number): string {
  let format = dayFormats.get(timezone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone: timezone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormats.set(timezone, format);
  }
  return format.format(ms);
}

const hourEnd = (world: DeliveryWorld, i: number) => Math.min(T0 + (i + 1) * HOUR, world.now);

// ---- properties ----

describe("delivery simulation", () => {
  it("is deterministic: the same world and query give the same answer", () => {
    fc.assert(
      fc.property(
        worlds,
        fc.constantFrom("HOUR", "DAY", "TOTAL" as const),
        fc.constantFrom(...PLACEMENTS),
        (world, granularity, placement) => {
          const q = query({
            entity: "LINE_ITEM",
            entity_ids: idsOf(world.lineItems),
            granularity,
            placement,
          });
          expect(statsAnswer(structuredClone(world), q)).toEqual(statsAnswer(world, q));
        },
      ),
      RUNS,
    );
  });

  it("never changes a closed hour: a later clock agrees on every hour closed in both", () => {
    let delivering = 0;
    fc.assert(
      fc.property(worlds, fc.integer({ min: 1, max: 100 * 60 }), (world, minutes) => {
        const laterWorld = { ...world, now: world.now + minutes * 60_000 };
        const closed = Math.floor((world.now - T0) / HOUR);
        for (const entity of ["CAMPAIGN", "LINE_ITEM"] as const) {
          const ids = idsOf(entity === "CAMPAIGN" ? world.campaigns : world.lineItems);
          for (const placement of PLACEMENTS) {
            const q = query({ entity, entity_ids: ids, placement, metric_groups: SOME_GROUPS });
            const closedOf = (answer: Map<string, Series>) =>
              [...answer].map(([id, series]) => [
                id,
                [...series].map(([k, v]) => [k, v.slice(0, closed)]),
              ]);
            const answer = answerSeries(world, q);
            expect(closedOf(answerSeries(laterWorld, q))).toEqual(closedOf(answer));
            const delivered = [...answer.values()].some((series) =>
              (series.get("impressions") ?? []).slice(0, closed).some((v) => v > 0),
            );
            if (delivered) delivering += 1;
          }
        }
      }),
      RUNS,
    );
    // The worlds are not trivially silent (4 answers per world; a delivering world fills 2+).
    expect(delivering).toBeGreaterThanOrEqual(RUNS.numRuns);
  });

  it("never changes a closed hour: history appended at or after now changes nothing", () => {
    fc.assert(
      fc.property(worlds, fc.nat(), fc.nat({ max: 300 }), (world, pick, minutes) => {
        const at = world.now + minutes * 60_000;
        const campaign = world.campaigns[pick % world.campaigns.length] as CampaignFacts;
        const item = world.lineItems[pick % world.lineItems.length] as LineItemFacts;
        const lastCampaign = campaign.spans.at(-1)?.state as CampaignState;
        const lastItem = item.spans.at(-1)?.state as LineItemState;
        const appended: DeliveryWorld = {
          ...world,
          campaigns: world.campaigns.map((c) =>
            c === campaign
              ? {
                  ...c,
                  spans: [
                    ...c.spans,
                    {
                      from: at,
                      state: { ...lastCampaign, entityStatus: "PAUSED", dailyBudgetMicro: 1 },
                    },
                  ],
                }
              : c,
          ),
          lineItems: [
            ...world.lineItems.map((l) =>
              l === item
                ? {
                    ...l,
                    spans: [
                      ...l.spans,
                      { from: at, state: { ...lastItem, deleted: true, reach: 9_000_000 } },
                    ],
                  }
                : l,
            ),
            { ...item, id: "late", createdAt: at, spans: [{ from: at, state: lastItem }] },
          ],
          creatives: [
            ...world.creatives.map((c) =>
              c.lineItemId === item.id ? { ...c, deletedAt: c.deletedAt ?? at } : c,
            ),
            {
              id: "late-k",
              kind: "PROMOTED_POST",
              lineItemId: item.id,
              createdAt: at,
              deletedAt: null,
            },
            {
              id: "late-k2",
              kind: "PROMOTED_POST",
              lineItemId: "late",
              createdAt: at,
              deletedAt: null,
            },
          ],
        };
        for (const entity of ["ACCOUNT", "CAMPAIGN", "LINE_ITEM", "PROMOTED_POST"] as const) {
          const ids =
            entity === "ACCOUNT"
              ? ["acct"]
              : entity === "CAMPAIGN"
                ? idsOf(world.campaigns)
                : entity === "LINE_ITEM"
                  ? idsOf(world.lineItems)
                  : idsOf(world.creatives);
          const q = query({
            entity,
            entity_ids: ids,
            metric_groups: entity === "ACCOUNT" ? ["ENGAGEMENT"] : ALL_GROUPS,
          });
          expect(statsAnswer(appended, q)).toEqual(statsAnswer(world, q));
        }
      }),
      RUNS,
    );
  });

  it("keeps spend within every budget: line item total, campaign daily (local day) and total", () => {
    let binding = 0;
    fc.assert(
      fc.property(worlds, (world) => {
        const campaignSpend = hourlySpend(world, "CAMPAIGN", idsOf(world.campaigns));
        for (const campaign of world.campaigns) {
          const spend = campaignSpend.get(campaign.id) ?? [];
          let cumulative = 0;
          const perDay = new Map<string, number>();
          spend.forEach((value, i) => {
            cumulative += value;
            const day = localDay(world.timezone, T0 + i * HOUR);
            perDay.set(day, (perDay.get(day) ?? 0) + value);
            if (value === 0) return;
            const state = governing(campaign.spans, hourEnd(world, i)) as CampaignState;
            if (state.totalBudgetMicro !== null)
              expect(cumulative).toBeLessThanOrEqual(state.totalBudgetMicro);
            if (state.dailyBudgetMicro !== null)
              expect(perDay.get(day)).toBeLessThanOrEqual(state.dailyBudgetMicro);
            if (cumulative === state.totalBudgetMicro || perDay.get(day) === state.dailyBudgetMicro)
              binding += 1;
          });
        }
        const itemSpend = hourlySpend(world, "LINE_ITEM", idsOf(world.lineItems));
        for (const item of world.lineItems) {
          let cumulative = 0;
          (itemSpend.get(item.id) ?? []).forEach((value, i) => {
            cumulative += value;
            const state = governing(item.spans, hourEnd(world, i)) as LineItemState;
            if (value > 0 && state.totalBudgetMicro !== null)
              expect(cumulative).toBeLessThanOrEqual(state.totalBudgetMicro);
            if (value > 0 && cumulative === state.totalBudgetMicro) binding += 1;
          });
        }
      }),
      RUNS,
    );
    // Caps were reached (spend equal to a budget), not only stayed clear of.
    expect(binding).toBeGreaterThan(0);
  });

  it("stops delivery from the hour of a pause or delete (line item, campaign, creatives)", () => {
    let stoppedSome = 0;
    const changes = fc.constantFrom(
      "pause item",
      "delete item",
      "pause campaign",
      "delete creatives",
    );
    fc.assert(
      fc.property(
        worlds,
        fc.nat(),
        fc.double({ min: 0, max: 0.7, noNaN: true }),
        changes,
        (world, pick, where, change) => {
          const item = world.lineItems[pick % world.lineItems.length] as LineItemFacts;
          const campaign = world.campaigns.find((c) => c.id === item.campaignId) as CampaignFacts;
          const p = T0 + Math.floor((world.now - 1 - T0) * where); // before now
          const cut = <S>(list: readonly Span<S>[], next: (s: S) => S): Span<S>[] | null => {
            const before = list.filter((span) => span.from < p);
            const last = before.at(-1);
            return last === undefined ? null : [...before, { from: p, state: next(last.state) }];
          };
          let changed: DeliveryWorld;
          if (change === "pause campaign") {
            const spans = cut(campaign.spans, (s) => ({ ...s, entityStatus: "PAUSED" }));
            if (spans === null) return;
            changed = {
              ...world,
              campaigns: world.campaigns.map((c) => (c === campaign ? { ...c, spans } : c)),
            };
          } else if (change === "delete creatives") {
            changed = {
              ...world,
              creatives: world.creatives.map((c) =>
                c.lineItemId === item.id && (c.deletedAt === null || c.deletedAt > p)
                  ? { ...c, deletedAt: p }
                  : c,
              ),
            };
          } else {
            const spans = cut(item.spans, (s) =>
              change === "pause item" ? { ...s, entityStatus: "PAUSED" } : { ...s, deleted: true },
            );
            if (spans === null) return;
            changed = {
              ...world,
              lineItems: world.lineItems.map((l) => (l === item ? { ...l, spans } : l)),
            };
          }
          const stopped =
            change === "pause campaign"
              ? world.lineItems.filter((l) => l.campaignId === campaign.id)
              : [item];
          // The hour of p is the first stopped; the hours before it end at or before p.
          const firstStopped = Math.floor((p - T0) / HOUR);
          const closedBefore = firstStopped;
          for (const placement of PLACEMENTS) {
            const q = query({ entity: "LINE_ITEM", entity_ids: idsOf(world.lineItems), placement });
            const before = answerSeries(world, q);
            const after = answerSeries(changed, q);
            for (const l of world.lineItems) {
              for (const [key, values] of after.get(l.id) ?? new Map<string, number[]>()) {
                expect(values.slice(0, closedBefore)).toEqual(
                  before.get(l.id)?.get(key)?.slice(0, closedBefore),
                );
                if (stopped.includes(l)) {
                  expect(values.slice(firstStopped).every((v) => v === 0)).toBe(true);
                  const was = before.get(l.id)?.get(key)?.slice(firstStopped) ?? [];
                  if (key === "impressions" && was.some((v) => v > 0)) stoppedSome += 1;
                }
              }
            }
          }
        },
      ),
      RUNS,
    );
    // Some of the changes stopped a line item that was delivering.
    expect(stoppedSome).toBeGreaterThan(0);
  });

  it("adds up across granularities: HOUR sums are the DAY buckets and the TOTAL", () => {
    fc.assert(
      fc.property(
        worlds,
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 1, max: RANGE_HOURS }),
        fc.constantFrom(...PLACEMENTS),
        (world, startHour, length, placement) => {
          const start = T0 + startHour * HOUR;
          const base = {
            entity: "CAMPAIGN" as const,
            entity_ids: idsOf(world.campaigns),
            placement,
            start_time: wire(start),
            end_time: wire(start + length * HOUR),
          };
          const hourly = answerSeries(world, query({ ...base, granularity: "HOUR" }));
          const daily = answerSeries(world, query({ ...base, granularity: "DAY" }));
          const total = answerSeries(world, query({ ...base, granularity: "TOTAL" }));
          for (const [id, series] of hourly) {
            for (const [key, values] of series) {
              const days = Array.from({ length: Math.ceil(length / 24) }, (_, d) =>
                values.slice(d * 24, d * 24 + 24).reduce((a, b) => a + b, 0),
              );
              expect(daily.get(id)?.get(key)).toEqual(days);
              expect(total.get(id)?.get(key)).toEqual([values.reduce((a, b) => a + b, 0)]);
            }
          }
        },
      ),
      RUNS,
    );
  });

  it("adds up across the hierarchy: account = Σ funding instruments = Σ campaigns = Σ line items = Σ creatives", () => {
    fc.assert(
      fc.property(
        worlds,
        fc.constantFrom(...PLACEMENTS),
        fc.constantFrom("DAY", "TOTAL" as const),
        (world, placement, granularity) => {
          const at = (
            entity: StatsQuery["entity"],
            ids: string[],
            groups: MetricGroup[] = ALL_GROUPS,
          ) =>
            answerSeries(
              world,
              query({ entity, entity_ids: ids, placement, granularity, metric_groups: groups }),
            );
          const account = at("ACCOUNT", ["acct"], ["ENGAGEMENT"]).get("acct") as Series;
          const fis = at("FUNDING_INSTRUMENT", idsOf(world.fundingInstruments), ["ENGAGEMENT"]);
          const campaigns = at("CAMPAIGN", idsOf(world.campaigns));
          const items = at("LINE_ITEM", idsOf(world.lineItems));
          const creatives = CREATIVE_KINDS.flatMap((kind) => {
            const ids = idsOf(world.creatives.filter((c) => c.kind === kind));
            return ids.length === 0 ? [] : [...at(kind, ids).values()];
          });
          expect(sumSeries(account, fis.values())).toEqual(account);
          expect(sumSeries(account, campaigns.values())).toEqual(account);
          const campaignTotal = sumSeries(
            campaigns.values().next().value as Series,
            campaigns.values(),
          );
          expect(sumSeries(campaignTotal, items.values())).toEqual(campaignTotal);
          expect(sumSeries(campaignTotal, creatives)).toEqual(campaignTotal);
          // A funding instrument is the sum of the campaigns it funded (when none switched).
          const single = world.campaigns.every(
            (c) => new Set(c.spans.map((s) => s.state.fundingInstrumentId)).size === 1,
          );
          if (single) {
            for (const fi of world.fundingInstruments) {
              const funded = world.campaigns.filter(
                (c) => c.spans[0]?.state.fundingInstrumentId === fi.id,
              );
              const mine = fis.get(fi.id) as Series;
              expect(
                sumSeries(
                  mine,
                  funded.map((c) => campaigns.get(c.id) as Series),
                ),
              ).toEqual(mine);
            }
          }
        },
      ),
      RUNS,
    );
  });

  it("splits a segmented answer into segments that sum to the unsegmented numbers", () => {
    fc.assert(
      fc.property(
        worlds,
        fc.constantFrom(...SEGMENTATION_TYPES),
        (world, type: SegmentationType) => {
          const q = query({
            entity: "LINE_ITEM",
            entity_ids: idsOf(world.lineItems),
            granularity: "DAY",
          });
          const plain = answerSeries(world, q);
          const segmented = statsAnswer(world, {
            ...q,
            segmentation_type: type,
            country: "JP",
            platform: "iOS",
          });
          for (const entry of segmented.data) {
            const parts = entry.id_data.map((item) =>
              seriesOf(item.metrics, segmented.time_series_length),
            );
            expect(entry.id_data.every((item) => item.segment !== null)).toBe(true);
            const whole = plain.get(entry.id) as Series;
            expect(sumSeries(whole, parts)).toEqual(whole);
          }
        },
      ),
      RUNS,
    );
  });

  it("lists as active exactly the entities with delivery in the range, on the placements they delivered", () => {
    fc.assert(
      fc.property(
        worlds,
        fc.constantFrom("CAMPAIGN", "LINE_ITEM", "PROMOTED_POST" as const),
        (world, entity) => {
          const ids =
            entity === "CAMPAIGN"
              ? idsOf(world.campaigns)
              : entity === "LINE_ITEM"
                ? idsOf(world.lineItems)
                : idsOf(world.creatives.filter((c) => c.kind === "PROMOTED_POST"));
          const end = T0 + RANGE_HOURS * HOUR;
          const active = activeEntities(world, {
            entity,
            start_time: wire(T0),
            end_time: wire(end),
          });
          const expected = ids
            .map((id) => {
              const placements = PLACEMENTS.filter((placement) => {
                const series = answerSeries(
                  world,
                  query({
                    entity,
                    entity_ids: [id],
                    placement,
                    granularity: "TOTAL",
                    metric_groups: ["ENGAGEMENT", "BILLING"],
                  }),
                ).get(id);
                return (
                  (series?.get("impressions")?.[0] ?? 0) > 0 ||
                  (series?.get("billed_charge_local_micro")?.[0] ?? 0) > 0
                );
              });
              return { id, placements };
            })
            .filter((e) => e.placements.length > 0)
            .sort((a, b) => (a.id < b.id ? -1 : 1));
          expect(active.map((a) => ({ id: a.entity_id, placements: a.placements }))).toEqual(
            expected,
          );
          for (const a of active) {
            expect(a.activity_start_time <= a.activity_end_time).toBe(true);
            expect(Date.parse(a.activity_start_time)).toBeGreaterThanOrEqual(T0);
            expect(Date.parse(a.activity_end_time)).toBeLessThan(Math.min(end, world.now + 1000));
          }
        },
      ),
      RUNS,
    );
  });
});
