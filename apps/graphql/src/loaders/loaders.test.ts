import { describe, expect, it } from "vitest";
import { NotFoundError } from "../errors/facade-errors.js";
import { scriptedClient } from "../../test/support/scripted-client.js";
import { createLoaders } from "./loaders.js";

/** An upstream whose accounts hold campaigns `c<n>` and funding instruments `f<n>`. */
function fakeUpstream(existing: (accountId: string, id: string) => boolean) {
  const item = (accountId: string, id: string) => ({
    id,
    account_id: accountId,
    funding_instrument_id: `f${Number(id.slice(1)) % 3}`,
    deleted: false,
  });
  const list = (data: unknown[]) => ({ data, next_cursor: null });
  const { client, calls } = scriptedClient(({ endpointId, params }) => {
    const accountId = String(params.account_id);
    if (endpointId === "campaigns.get")
      return { data: item(accountId, String(params.campaign_id)) };
    const byFunding = params.funding_instrument_ids;
    if (Array.isArray(byFunding)) {
      return list(
        Array.from({ length: 9 }, (_, n) => item(accountId, `c${n}`)).filter((c) =>
          byFunding.includes(c.funding_instrument_id),
        ),
      );
    }
    const ids = params.campaign_ids;
    if (Array.isArray(ids)) {
      return list(
        ids
          .map(String)
          .filter((i) => existing(accountId, i))
          .map((i) => item(accountId, i)),
      );
    }
    return list([item(accountId, "c1"), item(accountId, "c2")]);
  });
  return { upstream: client, calls };
}

describe("per-request loaders", () => {
  it("answer a primed key without a request, and keep what a key asked before priming read", async () => {
    const { upstream, calls } = fakeUpstream(() => true);
    // A campaign as read, from another request's loaders, to prime with.
    const template = await createLoaders(upstream, { batching: true })
      .byId("campaigns.get")
      .load("a1/c0");
    calls.splice(0);
    const loaders = createLoaders(upstream, { batching: true });
    const campaigns = loaders.byId("campaigns.get");
    const read = campaigns.load("a1/c1");
    const primed = { ...template, id: "c1", funding_instrument_id: "primed" };
    // c1 was asked first: its read answers, as DataLoader's prime kept a key it held.
    campaigns.prime("a1/c1", primed);
    campaigns.prime("a1/c2", { ...primed, id: "c2" });
    expect((await read).funding_instrument_id).toBe("f1");
    expect(await campaigns.load("a1/c1")).toBe(await read);
    const [c2, c5] = await campaigns.loadMany(["a1/c2", "a1/c5"]);
    expect(c2).toMatchObject({ id: "c2", funding_instrument_id: "primed" });
    expect(c5).toMatchObject({ id: "c5", funding_instrument_id: "f2" });
    // One lookup for c1, one for c5: the primed c2 cost none.
    expect(calls.map((call) => call.params.campaign_ids)).toEqual([["c1"], ["c5"]]);
  });

  it("batch a tick's by-id loads per account into one lookup each; missing ids fail alone", async () => {
    const { upstream, calls } = fakeUpstream((_account, id) => id !== "c404");
    // rest-client splits each account's lookup into requests of ≤200 ids.
    const loaders = createLoaders(upstream, { batching: true });
    const keys = [
      ...Array.from({ length: 450 }, (_, n) => `a1/c${n}`),
      "a2/c7",
      "a1/c404", // absent upstream
      "a1/c3", // asked twice
    ];
    const results = await loaders.byId("campaigns.get").loadMany(keys);
    const asked = (params: Readonly<Record<string, unknown>>) =>
      Array.isArray(params.campaign_ids) ? params.campaign_ids.length : undefined;
    expect(calls.map((c) => [c.params.account_id, asked(c.params)]).sort()).toEqual([
      ["a1", 200], // c404 and c3 are among the 450 distinct ids of a1
      ["a1", 200],
      ["a1", 50],
      ["a2", 1],
    ]);
    expect(calls[0]?.params).toMatchObject({ with_draft: true });
    expect(results[450]).toMatchObject({ id: "c7", account_id: "a2" });
    expect(results[451]).toBeInstanceOf(NotFoundError);
    expect((results[451] as Error).message).toBe("No campaign c404 in account a1.");
    expect(results[452]).toMatchObject({ id: "c3" });
  });

  it("prime by-id loaders from every list page, so asking again costs nothing", async () => {
    const { upstream, calls } = fakeUpstream(() => true);
    const loaders = createLoaders(upstream, { batching: true });
    await loaders.page("campaigns.get", "a1", { count: 2 });
    expect(await loaders.byId("campaigns.get").load("a1/c2")).toMatchObject({ id: "c2" });
    expect(calls.map((c) => c.endpointId)).toEqual(["campaigns.list"]);
  });

  it("read one-to-many edges of many parents together and group them", async () => {
    const { upstream, calls } = fakeUpstream(() => true);
    const loaders = createLoaders(upstream, { batching: true });
    const edges = loaders.campaignsOfFundingInstrument({ withDeleted: false, withDraft: false });
    const [f0, f1, none] = await Promise.all([
      edges.load("a1/f0"),
      edges.load("a1/f1"),
      edges.load("a1/f9"),
    ]);
    expect(f0.map((c) => c.id)).toEqual(["c0", "c3", "c6"]);
    expect(f1.map((c) => c.id)).toEqual(["c1", "c4", "c7"]);
    expect(none).toEqual([]);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.params).toMatchObject({ funding_instrument_ids: ["f0", "f1", "f9"] });
    // The edge primed the campaigns it read.
    await loaders.byId("campaigns.get").load("a1/c4");
    expect(calls).toHaveLength(1);
  });

  it("switched off, make one request per load: no batching, no cache, no priming", async () => {
    const { upstream, calls } = fakeUpstream(() => true);
    const loaders = createLoaders(upstream, { batching: false });
    await loaders.page("campaigns.get", "a1", { count: 2 });
    await Promise.all([
      loaders.byId("campaigns.get").load("a1/c1"),
      loaders.byId("campaigns.get").load("a1/c1"),
      loaders.byId("campaigns.get").load("a1/c2"),
    ]);
    expect(calls.map((c) => c.endpointId)).toEqual([
      "campaigns.list",
      "campaigns.get",
      "campaigns.get",
      "campaigns.get",
    ]);
    expect(calls[1]).toMatchObject({
      endpointId: "campaigns.get",
      params: { account_id: "a1", campaign_id: "c1" },
    });
  });

  it("read the line items of many campaigns together, grouped; one loader per set of filters", async () => {
    const { client, calls } = scriptedClient(({ params }) => ({
      data: (Array.isArray(params.campaign_ids) ? params.campaign_ids.map(String) : []).flatMap(
        (campaign) =>
          campaign === "c9"
            ? []
            : ["l1", "l2"].map((l) => ({
                id: `${campaign}${l}`,
                campaign_id: campaign,
                deleted: false,
              })),
      ),
      next_cursor: null,
    }));
    const loaders = createLoaders(client, { batching: true });
    const edges = loaders.lineItemsOfCampaign({ with_deleted: false });
    const [c1, c2, none] = await Promise.all([
      edges.load("a1/c1"),
      edges.load("a1/c2"),
      edges.load("a1/c9"),
    ]);
    expect(c1.map((li) => li.id)).toEqual(["c1l1", "c1l2"]);
    expect(c2.map((li) => li.id)).toEqual(["c2l1", "c2l2"]);
    expect(none).toEqual([]);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.params).toMatchObject({ campaign_ids: ["c1", "c2", "c9"], count: 1000 });
    expect(loaders.lineItemsOfCampaign({ with_deleted: false })).toBe(edges);
    expect(loaders.lineItemsOfCampaign({ with_deleted: true })).not.toBe(edges);
    // The edge primed the line items it read.
    await loaders.byId("line_items.get").load("a1/c2l1");
    expect(calls).toHaveLength(1);
  });
});
