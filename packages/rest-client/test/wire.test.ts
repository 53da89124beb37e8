import { afterEach, describe, expect, it } from "vitest";
import { splitCommaList } from "@adsgraph/models";
import { RestValidationError } from "../src/index.js";
import { clientFor } from "./support/client.js";
import { fakeCampaigns, manyCampaigns } from "./support/fake-ads.js";
import { startScriptedServer } from "./support/scripted-server.js";
import type { ScriptedServer } from "./support/scripted-server.js";

let server: ScriptedServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Parameters named at run time (a resource's lookup, GraphQL filters under wire names). */
describe("client.wire", () => {
  it("calls, pages and collects by id list like the typed calls", async () => {
    server = await startScriptedServer(fakeCampaigns(manyCampaigns(300)));
    const client = clientFor(server);
    const lookup = "campaign_ids";
    const one = await client.wire.call("campaigns.list", { account_id: "acc1", [lookup]: ["c5"] });
    expect(one.data.map((item) => item.id)).toEqual(["c5"]);
    const page = await client.wire.page("campaigns.list", { account_id: "acc1", count: 7 });
    expect(page.items).toHaveLength(7);
    const ids = Array.from({ length: 250 }, (_, i) => `c${i}`);
    const many = await client.wire.collectMany(
      "campaigns.list",
      { account_id: "acc1", ids },
      { by: lookup },
    );
    expect(many.map((item) => item.id).sort()).toEqual([...ids].sort());
    const sizes = server.requests
      .filter((request) => request.query.has(lookup))
      .map((request) => splitCommaList(request.query.get(lookup) ?? "").length);
    expect(sizes).toEqual([1, 200, 50]);
    await client.close();
  });

  it("refuses parameters the entry does not take, naming them, before sending", async () => {
    server = await startScriptedServer(fakeCampaigns(manyCampaigns(3)));
    const client = clientFor(server);
    const wrong = client.wire.page("campaigns.list", { account_id: "acc1", campaign_idz: ["c1"] });
    await expect(wrong).rejects.toBeInstanceOf(RestValidationError);
    await expect(wrong).rejects.toThrow("campaign_idz");
    expect(server.requests).toHaveLength(0);
    await client.close();
  });
});
