import { campaignSchema, splitCommaList } from "@adsgraph/models";
import type { Campaign } from "@adsgraph/models";
import { RestApiError, RestValidationError } from "@adsgraph/rest-client";
import type { RequestEvent, RestClient } from "@adsgraph/rest-client";
import { TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { DEMO_ACCOUNT, present, startAdsApi } from "../support/ads-api.js";
import type { AdsApi } from "../support/ads-api.js";

const BENCH = "bench1";
const CAMPAIGNS = 440;
/** ads-api's bench seed: campaign `index` is `<account>c<index in base 36>`, created 1 s apart. */
const benchId = (index: number) => `${BENCH}c${index.toString(36)}`;

describe.each(TEST_ENGINES)("paging, lookups and batches against apps/ads-api on %s", (engine) => {
  let api: AdsApi;
  let client: RestClient;
  const sent: RequestEvent[] = [];

  beforeAll(async () => {
    api = await startAdsApi({ engine });
    await api.seedBench({ accountId: BENCH, campaigns: CAMPAIGNS, fundingInstruments: 3 });
    client = api.client({ hooks: { onRequest: (event) => sent.push(event) } });
  });
  afterAll(() => api.close());

  const fresh = async () => {
    await api.requests.reset();
    sent.length = 0;
  };

  it("pages across 3 pages, every page sent with the caller's parameters", async () => {
    await fresh();
    const pages = [];
    for await (const page of client.campaigns.list.pages({
      account_id: BENCH,
      count: 150,
      sort_by: "created_at-desc",
      with_total_count: true,
    })) {
      pages.push(page);
    }
    expect(pages.map((page) => page.items.length)).toEqual([150, 150, 140]);
    expectTypeOf(present(pages[0]).items).items.toEqualTypeOf<Campaign>();
    const ids = pages.flatMap((page) => page.items.map((item) => campaignSchema.parse(item).id));
    expect(ids).toEqual(Array.from({ length: CAMPAIGNS }, (_, i) => benchId(CAMPAIGNS - 1 - i)));
    expect(pages.map((page) => page.totalCount)).toEqual([CAMPAIGNS, undefined, undefined]);
    expect(pages.map((page) => page.nextCursor === null)).toEqual([false, false, true]);

    // ads-api echoes what it received: the cursor replaces with_total_count after page 1.
    const echoed = pages.map((page) => page.envelope.request.params);
    expect(echoed[0]).toEqual({
      account_id: BENCH,
      count: 150,
      sort_by: "created_at-desc",
      with_total_count: true,
    });
    for (const [index, params] of echoed.slice(1).entries()) {
      expect(params).toEqual({
        account_id: BENCH,
        count: 150,
        sort_by: "created_at-desc",
        cursor: pages[index]?.nextCursor,
      });
    }
    expect((await api.requests.entries("campaigns.list")).map((entry) => entry.status)).toEqual([
      200, 200, 200,
    ]);
  });

  it("stops paging once collect has its limit", async () => {
    await fresh();
    const first = await client.campaigns.list.collect(
      { account_id: BENCH, count: 150 },
      { limit: 200 },
    );
    expect(first).toHaveLength(200);
    expect(await api.requests.entries("campaigns.list")).toHaveLength(2);
  });

  it("looks up 450 ids in exactly 3 requests, in input order, reporting the missing ones", async () => {
    // Every bench campaign in a scrambled order (7 is coprime with 440), with 10 unknown ids.
    const existing = Array.from({ length: CAMPAIGNS }, (_, i) => benchId((i * 7) % CAMPAIGNS));
    const unknown = Array.from({ length: 10 }, (_, k) => `${BENCH}nope${k}`);
    const ids = [...existing];
    unknown.forEach((id, k) => ids.splice(k * 45, 0, id));
    expect(new Set(ids).size).toBe(450);

    await fresh();
    const result = await client.campaigns.getMany({ account_id: BENCH, ids });
    expectTypeOf(result.found).items.toEqualTypeOf<Campaign>();
    expect(result.found.map((item) => campaignSchema.parse(item).id)).toEqual(existing);
    expect(result.missing).toEqual(unknown);

    const requests = await api.requests.entries("campaigns.list");
    expect(requests.map((entry) => entry.status)).toEqual([200, 200, 200]);
    const sizes = sent.map(
      (event) => splitCommaList(new URL(event.url).searchParams.get("campaign_ids") ?? "").length,
    );
    expect(sizes.sort((a, b) => a - b)).toEqual([50, 200, 200]);
  });

  it("reports a deleted campaign as missing unless with_deleted", async () => {
    const gone = benchId(0);
    await client.campaigns.delete({ account_id: BENCH, campaign_id: gone });
    const ids = [gone, benchId(1)];
    const without = await client.campaigns.getMany({ account_id: BENCH, ids });
    expect(without.missing).toEqual([gone]);
    const withDeleted = await client.campaigns.getMany({
      account_id: BENCH,
      ids,
      with_deleted: true,
    });
    expect(withDeleted.missing).toEqual([]);
    expect(withDeleted.found.map((item) => [item.id, item.deleted])).toEqual([
      [gone, true],
      [benchId(1), false],
    ]);
  });

  describe("a batch with a bad item", () => {
    const account_id = DEMO_ACCOUNT;
    const create = (name: string) => ({
      operation_type: "Create" as const,
      params: {
        name,
        funding_instrument_id: `${account_id}f1`,
        entity_status: "PAUSED" as const,
      },
    });

    it("reports the bad item's index across chunks; its chunk is rolled back, later ones not sent", async () => {
      const operations = Array.from({ length: 45 }, (_, i) =>
        i === 27
          ? { operation_type: "Update" as const, params: { campaign_id: "nope", name: "x" } }
          : create(`Batch ${i}`),
      );
      await fresh();
      const outcome = await client.campaigns.batch.chunked(
        { account_id, operations },
        { maxOperations: 20 },
      );
      expect(outcome.ok).toBe(false);
      expect(outcome.operationErrors).toMatchObject([
        { index: 27, errors: [{ code: "NOT_FOUND", parameter: "campaign_id" }] },
      ]);
      expect(outcome.operationErrors[0]?.errors).toHaveLength(1);
      const range = (from: number, to: number) =>
        Array.from({ length: to - from }, (_, i) => from + i);
      expect(outcome.failures.map((failure) => failure.indexes)).toEqual([range(20, 40)]);
      expect(outcome.failures[0]?.error).toBeInstanceOf(RestApiError);
      expect(outcome.failures[0]?.error).toMatchObject({ status: 400 });
      expect(outcome.notSent).toEqual(range(40, 45));
      expect(outcome.data.slice(0, 20).map((item) => item?.name)).toEqual(
        range(0, 20).map((i) => `Batch ${i}`),
      );
      expect(outcome.data.slice(20)).toEqual(range(20, 45).map(() => undefined));
      expect((await api.requests.entries("campaigns.batch")).map((entry) => entry.status)).toEqual([
        200, 400,
      ]);
      // The failing chunk changed nothing (spec §7: all or nothing).
      expect(await client.campaigns.list.totalCount({ account_id, q: "Batch " })).toBe(20);
    });

    it("names the bad item of one request: server-side (RestApiError) and client-side (nothing sent)", async () => {
      await fresh();
      const error = await client.campaigns
        .batch({
          account_id,
          operations: [
            create("Single 0"),
            { operation_type: "Delete", params: { campaign_id: "nope" } },
          ],
        })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RestApiError);
      expect((error as RestApiError).operationErrors).toMatchObject([
        { index: 1, errors: [{ code: "NOT_FOUND", parameter: "campaign_id" }] },
      ]);

      const invalid = await client.campaigns
        .batch({
          account_id,
          operations: Array.from({ length: 15 }, (_, i) => create(i === 13 ? "" : `Valid ${i}`)),
        })
        .catch((e: unknown) => e);
      expect(invalid).toBeInstanceOf(RestValidationError);
      expect((invalid as RestValidationError).violations.map((v) => v.parameter)).toEqual([
        "operations[13].params.name",
      ]);
      expect(await api.requests.entries("campaigns.batch")).toHaveLength(1);
    });
  });
});
