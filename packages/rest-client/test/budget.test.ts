import { afterEach, describe, expect, it } from "vitest";
import { clientFor, fakeTime } from "./support/client.js";
import { campaign, listEnvelope } from "./support/fixtures.js";
import { json, startScriptedServer } from "./support/scripted-server.js";
import type { ScriptedServer } from "./support/scripted-server.js";

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("client.budget and client.plan", () => {
  it("read what the answers told, and plan paging 3 accounts against it, sending nothing", async () => {
    const time = fakeTime();
    const reset = String(Math.floor(time.now() / 1000) + 600);
    // The user window has 50 left; each account's window has 10 left.
    server = await startScriptedServer(() =>
      json(200, listEnvelope([campaign("c1")], null), {
        "x-rate-limit-limit": "300",
        "x-rate-limit-remaining": "50",
        "x-rate-limit-reset": reset,
        "x-account-rate-limit-limit": "100",
        "x-account-rate-limit-remaining": "10",
        "x-account-rate-limit-reset": reset,
      }),
    );
    const client = clientFor(server, { clock: time.clock, sleep: time.sleep });
    const accountIds = ["acc1", "acc2", "acc3"];
    expect(client.plan([{ page: "campaigns.list", accountIds }]).fits).toBeUndefined();
    for (const account_id of accountIds) await client.campaigns.list({ account_id });
    const sent = server.requests.length;

    expect(client.budget.window("campaigns.list", "acc2")).toMatchObject({
      family: "campaigns",
      scope: "account",
      accountId: "acc2",
      limit: 100,
      remaining: 10,
      resetAt: Number(reset) * 1000,
    });
    expect(client.budget.window("campaigns")).toMatchObject({ scope: "user", remaining: 50 });

    // 4,000 campaigns each: 20 pages of 200 per account, 60 in all: more than the user's 50.
    const all = client.plan([{ page: "campaigns.list", accountIds, knownItems: 4000 }]);
    expect(all.requests).toEqual({ lower: 60, upper: 60 });
    expect(all.windows.map((w) => [w.scope, w.accountId, w.planned.upper, w.fits])).toEqual([
      ["account", "acc1", 20, false],
      ["account", "acc2", 20, false],
      ["account", "acc3", 20, false],
      ["user", null, 60, false],
    ]);
    expect(all.waitMs).toBe(Number(reset) * 1000 - time.now());
    // 1,800 each: 9 pages per account, 27 in all: it fits now.
    const some = client.plan([{ page: "campaigns.list", accountIds, knownItems: 1800 }]);
    expect(some).toMatchObject({ fits: true, waitMs: 0, requests: { lower: 27, upper: 27 } });
    expect(server.requests).toHaveLength(sent);
    await client.close();
  });
});
