import { afterEach, describe, expect, it } from "vitest";
import { REST_CLIENT_ERROR_CODES, RestClientError } from "../src/index.js";
import { clientFor } from "./support/client.js";
import { campaign, listEnvelope } from "./support/fixtures.js";
import { fakeCampaigns, manyCampaigns } from "./support/fake-ads.js";
import { json, startScriptedServer } from "./support/scripted-server.js";
import type { ScriptedServer } from "./support/scripted-server.js";

let server: ScriptedServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const filters = {
  account_id: "acc1",
  funding_instrument_ids: ["fi1", "fi2"],
  q: "spring sale*",
  sort_by: "name-asc",
  with_deleted: true,
  with_draft: true,
  count: 2,
} as const;

describe("paging", () => {
  it("keeps every parameter on every page and puts the cursor only on later pages", async () => {
    server = await startScriptedServer(fakeCampaigns(manyCampaigns(7)));
    const client = clientFor(server);
    const pages = [];
    for await (const page of client.campaigns.list.pages({ ...filters, with_total_count: true }))
      pages.push(page);
    expect(pages.map((p) => p.items.map((c) => c.id))).toEqual([
      ["c0", "c1"],
      ["c2", "c3"],
      ["c4", "c5"],
      ["c6"],
    ]);
    expect(pages[0]?.totalCount).toBe(7);
    expect(pages.slice(1).map((p) => p.totalCount)).toEqual([undefined, undefined, undefined]);
    expect(server.requests).toHaveLength(4);
    server.requests.forEach((request, i) => {
      expect(request.path).toBe("/12/accounts/acc1/campaigns");
      expect(request.query.get("funding_instrument_ids")).toBe("fi1,fi2");
      expect(request.query.get("q")).toBe("spring sale*");
      expect(request.query.get("sort_by")).toBe("name-asc");
      expect(request.query.get("with_deleted")).toBe("true");
      expect(request.query.get("with_draft")).toBe("true");
      expect(request.query.get("count")).toBe("2");
      expect(request.query.get("cursor")).toBe(i === 0 ? null : `c${i * 2}`);
      // spec §4.2: with_total_count cannot be combined with a cursor.
      expect(request.query.get("with_total_count")).toBe(i === 0 ? "true" : null);
    });
    // RFC 3986 on the wire: the space and `*` are percent-encoded (what OAuth signs).
    expect(server.requests[0]?.rawQuery).toContain("q=spring%20sale%2A");
    await client.close();
  });

  it("iterates items and collects with a limit, fetching no further page", async () => {
    server = await startScriptedServer(fakeCampaigns(manyCampaigns(9)));
    const client = clientFor(server);
    const first = await client.campaigns.list.collect(
      { account_id: "acc1", count: 2 },
      { limit: 3 },
    );
    expect(first.map((c) => c.id)).toEqual(["c0", "c1", "c2"]);
    expect(server.requests).toHaveLength(2);
    const ids: string[] = [];
    for await (const item of client.campaigns.list.items({ account_id: "acc1", count: 4 }))
      ids.push(item.id);
    expect(ids).toHaveLength(9);
    await client.close();
  });

  it("resumes from a saved cursor with the same parameters", async () => {
    server = await startScriptedServer(fakeCampaigns(manyCampaigns(6)));
    const client = clientFor(server);
    const firstPage = (await client.campaigns.list({ account_id: "acc1", count: 2 })).next_cursor;
    expect(firstPage).toBe("c2");
    const rest = await client.collect("campaigns.list", {
      account_id: "acc1",
      count: 2,
      cursor: firstPage ?? "",
    });
    expect(rest.map((c) => c.id)).toEqual(["c2", "c3", "c4", "c5"]);
    expect(server.requests.slice(1).map((r) => r.query.get("cursor"))).toEqual(["c2", "c4"]);
    await client.close();
  });

  it("totalCount asks one page with with_total_count and no cursor", async () => {
    server = await startScriptedServer(fakeCampaigns(manyCampaigns(12)));
    const client = clientFor(server);
    await expect(client.campaigns.list.totalCount({ account_id: "acc1", q: "c" })).resolves.toBe(
      12,
    );
    const sent = server.requests[0];
    expect(sent?.query.get("with_total_count")).toBe("true");
    expect(sent?.query.get("count")).toBe("1");
    expect(sent?.query.get("cursor")).toBeNull();
    expect(sent?.query.get("q")).toBe("c");
    await client.close();
  });

  it("retries a reset page with the same cursor and parameters", async () => {
    const fake = fakeCampaigns(manyCampaigns(6));
    let resetDone = false;
    server = await startScriptedServer((request, index) => {
      if (request.query.get("cursor") === "c2" && !resetDone) {
        resetDone = true;
        return { reset: true };
      }
      return fake(request, index);
    });
    const client = clientFor(server);
    const all = await client.campaigns.list.collect({
      account_id: "acc1",
      count: 2,
      sort_by: "name-desc",
    });
    expect(all).toHaveLength(6);
    expect(
      server.requests.map((r) => [
        r.query.get("cursor"),
        r.query.get("sort_by"),
        r.query.get("count"),
      ]),
    ).toEqual([
      [null, "name-desc", "2"],
      ["c2", "name-desc", "2"],
      ["c2", "name-desc", "2"],
      ["c4", "name-desc", "2"],
    ]);
    await client.close();
  });

  it("stops with an error when the server repeats a cursor instead of looping", async () => {
    server = await startScriptedServer(() => json(200, listEnvelope([campaign("c1")], "same")));
    const client = clientFor(server);
    const error = await client.campaigns.list
      .collect({ account_id: "acc1" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestClientError);
    expect((error as RestClientError).code).toBe(REST_CLIENT_ERROR_CODES.UNEXPECTED_RESPONSE);
    expect(server.requests).toHaveLength(2);
    await client.close();
  });
});
