import { afterEach, describe, expect, it } from "vitest";
import { splitCommaList } from "@adsgraph/models";
import { clientFor, SECRETS, TEST_AUTH } from "./support/client.js";
import { campaign, listEnvelope } from "./support/fixtures.js";
import { fakeCampaigns, manyCampaigns } from "./support/fake-ads.js";
import { fakePostData, postId, postStore } from "./support/fake-posts.js";
import { json, startScriptedServer } from "./support/scripted-server.js";
import type { ScriptedServer } from "./support/scripted-server.js";

let server: ScriptedServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("getMany", () => {
  it("looks up 450 ids in exactly 3 requests of at most 200, in input order, reporting the missing", async () => {
    const stored = manyCampaigns(500).filter((c) => !["c7", "c300", "c449"].includes(c.id));
    server = await startScriptedServer(fakeCampaigns(stored));
    const client = clientFor(server);
    // Input order differs from storage order, and repeats two ids.
    const ids = Array.from({ length: 450 }, (_, i) => `c${449 - i}`);
    const { found, missing } = await client.campaigns.getMany({
      account_id: "acc1",
      ids: [...ids, "c10", "c449"],
      with_deleted: false,
    });
    expect(server.requests).toHaveLength(3);
    const sizes = server.requests.map(
      (r) => splitCommaList(r.query.get("campaign_ids") ?? "").length,
    );
    expect(sizes).toEqual([200, 200, 50]);
    for (const request of server.requests) {
      expect(request.query.get("with_deleted")).toBe("false");
      expect(Number(request.query.get("count"))).toBeGreaterThanOrEqual(50);
    }
    expect(missing).toEqual(["c449", "c300", "c7"]);
    expect(found.map((c) => c.id)).toEqual(ids.filter((id) => !missing.includes(id)));
    await client.close();
  });

  it("follows each list's own maximum: the post-data lookup sends ≤100 ids per request", async () => {
    server = await startScriptedServer(fakePostData(postStore(300)));
    const client = clientFor(server, { auth: { ...TEST_AUTH, bearerToken: SECRETS.bearerToken } });
    const ids = [...Array.from({ length: 250 }, (_, n) => postId(299 - n)), postId(9000)];
    const { found, missing } = await client.post_data.posts.getMany({
      ids,
      "post.fields": ["author_id"],
    });
    const sizes = server.requests.map((r) => splitCommaList(r.query.get("ids") ?? "").length);
    expect(sizes.sort((a, b) => b - a)).toEqual([100, 100, 51]);
    expect(server.requests.every((r) => r.query.get("post.fields") === "author_id")).toBe(true);
    expect(found.map((post) => post.id)).toEqual(ids.slice(0, 250));
    expect(found[0]).toEqual({ id: postId(299), text: "post 299", author_id: "103" });
    expect(missing).toEqual([postId(9000)]);
    await client.close();
  });

  it("runs chunks with bounded concurrency", async () => {
    let inFlight = 0;
    let peak = 0;
    const fake = fakeCampaigns(manyCampaigns(1000));
    server = await startScriptedServer(async (request, index) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight -= 1;
      return fake(request, index);
    });
    const client = clientFor(server);
    const ids = Array.from({ length: 1000 }, (_, i) => `c${i}`);
    const { found } = await client.campaigns.getMany(
      { account_id: "acc1", ids },
      { concurrency: 2 },
    );
    expect(found).toHaveLength(1000);
    expect(server.requests).toHaveLength(5);
    expect(peak).toBe(2);
    await client.close();
  });

  it("follows next_cursor inside a chunk when the server pages it", async () => {
    server = await startScriptedServer([
      json(200, listEnvelope([campaign("a")], "k2")),
      json(200, listEnvelope([campaign("b")], null)),
    ]);
    const client = clientFor(server);
    const result = await client.getMany("campaigns.list", {
      account_id: "acc1",
      ids: ["b", "a", "z"],
    });
    expect(result.found.map((c) => c.id)).toEqual(["b", "a"]);
    expect(result.missing).toEqual(["z"]);
    expect(server.requests[1]?.query.get("campaign_ids")).toBe("b,a,z");
    expect(server.requests[1]?.query.get("cursor")).toBe("k2");
    await client.close();
  });

  it("sends nothing for no ids", async () => {
    server = await startScriptedServer([]);
    const client = clientFor(server);
    await expect(client.campaigns.getMany({ account_id: "acc1", ids: [] })).resolves.toEqual({
      found: [],
      missing: [],
    });
    expect(server.requests).toHaveLength(0);
    await client.close();
  });

  it("looks cards up by card_uris when asked, matching card_uri", async () => {
    const card = (id: string) => ({
      id,
      created_at: "2025-01-01T00:00:00Z",
      updated_at: "2025-01-01T00:00:00Z",
      deleted: false,
      name: id,
      card_uri: `card://${id}`,
    });
    server = await startScriptedServer(() =>
      json(200, listEnvelope([card("k1"), card("k3")], null)),
    );
    const client = clientFor(server);
    const { found, missing } = await client.cards.getMany(
      { account_id: "acc1", ids: ["card://k3", "card://k2", "card://k1"] },
      { by: "card_uris" },
    );
    expect(found.map((c) => c.id)).toEqual(["k3", "k1"]);
    expect(missing).toEqual(["card://k2"]);
    expect(server.requests[0]?.query.get("card_uris")).toBe("card://k3,card://k2,card://k1");
    expect(server.requests[0]?.query.get("count")).toBe("3");
    await client.close();
  });

  it("collectMany reads every item for ids of a filter parameter, ≤200 per request", async () => {
    const stored = manyCampaigns(450).map((c, i) => ({
      ...c,
      funding_instrument_id: `f${i % 300}`,
    }));
    server = await startScriptedServer((request) => {
      const wanted = new Set(splitCommaList(request.query.get("funding_instrument_ids") ?? ""));
      return json(
        200,
        listEnvelope(
          stored.filter((c) => wanted.has(c.funding_instrument_id)),
          null,
        ),
      );
    });
    const client = clientFor(server);
    const fundingIds = Array.from({ length: 300 }, (_, i) => `f${i}`);
    const items = await client.collectMany(
      "campaigns.list",
      { account_id: "acc1", ids: [...fundingIds, "f0"], count: 1000 },
      { by: "funding_instrument_ids" },
    );
    expect(items).toHaveLength(450);
    const sizes = server.requests.map(
      (r) => splitCommaList(r.query.get("funding_instrument_ids") ?? "").length,
    );
    expect(sizes.sort()).toEqual([100, 200]);
    await client.close();
  });

  it("page answers one page with its cursor and total", async () => {
    server = await startScriptedServer([json(200, listEnvelope([campaign("c1")], "next1", 7))]);
    const client = clientFor(server);
    const page = await client.page("campaigns.list", {
      account_id: "acc1",
      with_total_count: true,
    });
    expect(page).toMatchObject({ nextCursor: "next1", totalCount: 7 });
    expect(page.items.map((c) => c.id)).toEqual(["c1"]);
    expect(server.requests).toHaveLength(1);
    await client.close();
  });
});
