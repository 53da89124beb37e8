import { TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantAccess, revokeAccess } from "../src/credentials/grants.js";
import type { RunningServer } from "../src/server.js";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { errorOf, idsOf, itemsOf } from "./support/bodies.js";
import { startTestServer, testClock } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import { AdsClient, signedFetch } from "./support/signed-fetch.js";

/**
 * Account lists are answered from a cache keyed by the account's data version (README
 * "Performance"): what a user would notice if it were wrong.
 */
describe.each(TEST_ENGINES)("cached account lists on %s", (engine) => {
  const clock = testClock();
  let server: TestServer;
  let replica: RunningServer;
  let admin: Actor;
  let accountId: string;
  let fundingId: string;
  let path: string;

  beforeAll(async () => {
    server = await startTestServer(engine, { clock: clock.now });
    // A second process's view: another server (own cache) over the same database.
    replica = await server.startAnother({ clock: clock.now });
    admin = await createActor(server.ctx);
    ({ accountId, fundingInstrumentId: fundingId } = await createAccountFor(
      server.ctx,
      admin.userId,
    ));
    path = `/12/accounts/${accountId}/campaigns`;
  });
  afterAll(() => server.close());

  const onReplica = (actor: Actor) => new AdsClient(replica.urls, actor.client.credentials);
  const create = (name: string) =>
    admin.client.post(path, {
      query: {
        funding_instrument_id: fundingId,
        name,
        entity_status: "ACTIVE",
        daily_budget_amount_local_micro: 5_000_000,
      },
    });

  it("answers a repeat list with the same bytes, and shows a write in the very next list", async () => {
    expect((await create("First")).status).toBe(200);
    const first = await admin.client.get(path);
    const again = await admin.client.get(path);
    expect(first.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("content-type")).toBe(first.headers.get("content-type"));
    expect(server.ctx.listCache.size).toBeGreaterThan(0);

    const created = await create("Second");
    expect(created.status).toBe(200);
    const after = await admin.client.get(path);
    expect(itemsOf(after).map((item) => item.name)).toEqual(["First", "Second"]);
  });

  it("shows another process's write, and a write made straight in the database, at once", async () => {
    const replicaClient = onReplica(admin);
    const before = await replicaClient.get(path);
    expect(before.status).toBe(200);
    // Written through the first server: the replica's cached answer is of an older version.
    await create("Third");
    expect(itemsOf(await replicaClient.get(path)).map((item) => item.name)).toContain("Third");
    // Any write to the account's rows bumps the version (a database trigger), whoever makes it.
    await server.ctx.prisma.campaign.updateMany({
      where: { accountId, name: "Third" },
      data: { name: "Renamed" },
    });
    const names = itemsOf(await replicaClient.get(path)).map((item) => item.name);
    expect(names).toContain("Renamed");
    expect(names).not.toContain("Third");
    const funding = await server.ctx.prisma.fundingInstrument.update({
      where: { id: fundingId },
      data: { ableToFund: false },
    });
    expect(funding.ableToFund).toBe(false);
    const reasons = itemsOf(await replicaClient.get(path)).map((item) => item.reasons_not_servable);
    expect(reasons.every((list) => (list as string[]).includes("FUNDING_PROBLEM"))).toBe(true);
    await server.ctx.prisma.fundingInstrument.update({
      where: { id: fundingId },
      data: { ableToFund: true },
    });
  });

  it("never answers another user from the cache: roles are checked on every request", async () => {
    const cached = await admin.client.get(path);
    expect(cached.status).toBe(200);
    const stranger = await createActor(server.ctx);
    const refused = await stranger.client.get(path);
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain("First");

    const colleague = await createActor(server.ctx);
    await grantAccess(server.ctx.prisma, accountId, colleague.userId, ["CAMPAIGN_ANALYST"]);
    expect((await colleague.client.get(path)).text).toBe(cached.text);
    // Revoked on the database: refused at once, here and on the replica.
    await revokeAccess(server.ctx.prisma, accountId, colleague.userId);
    expect((await colleague.client.get(path)).status).toBe(403);
    expect((await onReplica(colleague).get(path)).status).toBe(403);
  });

  it("refuses an invalidated token at once, on every process", async () => {
    const user = await createActor(server.ctx);
    await grantAccess(server.ctx.prisma, accountId, user.userId, ["ACCOUNT_ADMIN"]);
    expect((await user.client.get(path)).status).toBe(200);
    expect((await onReplica(user).get(path)).status).toBe(200);
    const invalidated = await signedFetch(
      "POST",
      `${server.urls.base}/1.1/oauth/invalidate_token.json`,
      user.credentials,
    );
    expect(invalidated.status).toBe(200);
    for (const client of [user.client, onReplica(user)]) {
      const after = await client.get(path);
      expect(after.status).toBe(401);
      expect(errorOf(after).code).toBe(89);
    }
  });

  it("changes effective_status when a start_time is reached, with no write in between", async () => {
    expect((await create("Later")).status).toBe(200);
    // The API sets start_time to the creation time; a scheduled start is written directly.
    await server.ctx.prisma.campaign.updateMany({
      where: { accountId, name: "Later" },
      data: { startTime: new Date(clock.now().getTime() + 3_600_000) },
    });
    const later = (response: Awaited<ReturnType<typeof admin.client.get>>) =>
      itemsOf(response).find((item) => item.name === "Later");
    expect(later(await admin.client.get(path))).toMatchObject({
      effective_status: "UNKNOWN",
      servable: null,
    });
    clock.advance(2 * 3_600_000);
    expect(later(await admin.client.get(path))).toMatchObject({
      effective_status: "RUNNING",
      servable: true,
    });
  });

  it("keeps answers of different parameters apart", async () => {
    const all = idsOf(await admin.client.get(path));
    const one = await admin.client.get(path, { count: 1 });
    expect(idsOf(one)).toEqual(all.slice(0, 1));
    const named = await admin.client.get(path, { q: "Renamed" });
    expect(itemsOf(named).map((item) => item.name)).toEqual(["Renamed"]);
    expect(idsOf(await admin.client.get(path))).toEqual(all);
  });
});
