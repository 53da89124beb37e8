import { randomBytes } from "node:crypto";
import { replayClientId, signRequest } from "@adsgraph/oauth";
import { TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../src/config.js";
import { issueAccessToken } from "../src/credentials/tokens.js";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { errorOf, itemsOf } from "./support/bodies.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import { AdsClient, signedFetch, withQuery } from "./support/signed-fetch.js";
import type { ApiResponse } from "./support/signed-fetch.js";

/** Sends exactly this request again: same URL, same Authorization header. */
async function send(url: string, authorization: string): Promise<ApiResponse> {
  const response = await fetch(url, { method: "POST", headers: { authorization } });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) };
}

/** A user's nonces count against one share per app, whichever of its tokens signed. */
const clientOf = (actor: Actor) => replayClientId(actor.consumerKey, { owner: actor.userId });

describe.each(TEST_ENGINES)("OAuth 1.0a nonces across a restart on %s", (engine) => {
  const SHARE = 5;
  let running: TestServer;

  beforeAll(async () => {
    running = await startTestServer(engine, { limits: { noncesPerClient: SHARE } });
  });
  afterAll(() => running.close());

  it("refuses a signed campaign create replayed after a restart, and makes no second campaign", async () => {
    const ctx = running.server.ctx;
    const writer = await createActor(ctx);
    const flooder = await createActor(ctx);
    const { accountId, fundingInstrumentId } = await createAccountFor(ctx, writer.userId);
    const name = `Replayed ${randomBytes(4).toString("hex")}`;
    const url = withQuery(ctx.hosts.ads, `/12/accounts/${accountId}/campaigns`, {
      name,
      funding_instrument_id: fundingInstrumentId,
      entity_status: "PAUSED",
    });
    const { authorization } = signRequest({
      method: "POST",
      url,
      consumer: writer.credentials.consumer,
      token: writer.credentials.token,
    });
    expect((await send(url, authorization)).status).toBe(200);
    // A second client uses up its share before the restart.
    for (let i = 0; i < SHARE; i += 1)
      expect((await flooder.client.get("/12/accounts")).status).toBe(200);
    expect((await flooder.client.get("/12/accounts")).status).toBe(429);

    // The nonces are rows without any credential in them.
    const rows = await ctx.prisma.oAuthNonce.findMany();
    const stored = JSON.stringify(rows, (_key, value: unknown) =>
      typeof value === "bigint" ? value.toString() : value,
    );
    for (const secret of [writer.credentials.token?.token, writer.credentials.token?.tokenSecret]) {
      expect(stored).not.toContain(secret);
    }

    // Over the same database, on the same URLs (the signatures cover the host).
    await running.restart();

    const replay = await send(url, authorization);
    expect(replay.status).toBe(401);
    expect(errorOf(replay).code).toBe(32);
    const reader = running.server.ctx;
    const listed = await signedFetch(
      "GET",
      withQuery(reader.hosts.ads, `/12/accounts/${accountId}/campaigns`, { count: 1000 }),
      writer.credentials,
    );
    expect(itemsOf(listed).filter((campaign) => campaign.name === name)).toHaveLength(1);
    // The share counts were rebuilt from the table: still full, and no one else is.
    expect(
      (await signedFetch("GET", withQuery(reader.hosts.ads, "/12/accounts"), flooder.credentials))
        .status,
    ).toBe(429);
    expect(
      (await signedFetch("GET", withQuery(reader.hosts.ads, "/12/accounts"), writer.credentials))
        .status,
    ).toBe(200);
  });
});

describe.each(TEST_ENGINES)("OAuth 1.0a nonce flooding on %s", (engine) => {
  // Each client may hold 20 nonces of the window; past 30 in all, only clients at or above
  // their fair share (30 divided among the clients holding nonces) are refused.
  const PER_CLIENT = 20;
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine, {
      limits: { noncesPerClient: PER_CLIENT, maxNonces: 30 },
    });
  });
  afterAll(() => server.close());

  it("refuses a client past its share with 429 while other users and apps keep working", async () => {
    const flooder = await createActor(server.ctx);
    const sameApp = await createActor(server.ctx, {
      app: {
        id: flooder.appId,
        consumerKey: flooder.consumerKey,
        consumerSecret: flooder.consumerSecret,
      },
    });
    const otherApp = await createActor(server.ctx);
    for (let i = 0; i < PER_CLIENT; i += 1) {
      expect((await flooder.client.get("/12/accounts")).status).toBe(200);
    }
    for (let i = 0; i < 5; i += 1) {
      const refused = await flooder.client.get("/12/accounts");
      expect(refused.status).toBe(429);
      expect(errorOf(refused)).toMatchObject({ code: 88 });
      expect(errorOf(refused).message).toContain("too many signed requests");
      expect(errorOf(refused).message).toContain("timestamp window for this user");
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(2 * DEFAULT_LIMITS.timestampWindowSeconds + 1);
    }
    // The refused requests were not recorded.
    expect(
      await server.ctx.prisma.oAuthNonce.count({ where: { clientId: clientOf(flooder) } }),
    ).toBe(PER_CLIENT);
    // Past the global bound (30) now, yet each newcomer is below its fair share and served.
    for (let i = 0; i < 10; i += 1) {
      expect((await sameApp.client.get("/12/accounts")).status).toBe(200);
      expect((await otherApp.client.get("/12/accounts")).status).toBe(200);
      expect((await flooder.client.get("/12/accounts")).status).toBe(429);
    }
  });

  it("records nothing for a flood of forged signatures", async () => {
    const victim = await createActor(server.ctx);
    const before = await server.ctx.prisma.oAuthNonce.count();
    const forged = {
      consumer: victim.credentials.consumer,
      token: { token: victim.credentials.token?.token ?? "", tokenSecret: "not-the-secret" },
    };
    for (let i = 0; i < 3 * PER_CLIENT; i += 1) {
      const refused = await signedFetch("GET", withQuery(server.urls.ads, "/12/accounts"), forged);
      expect(refused.status).toBe(401);
      expect(errorOf(refused).code).toBe(32);
    }
    expect(await server.ctx.prisma.oAuthNonce.count()).toBe(before);
    // The victim's share is untouched: its own requests go through (a fresh client is always
    // below its fair share, whatever the others hold).
    for (let i = 0; i < 5; i += 1) {
      expect((await victim.client.get("/12/accounts")).status).toBe(200);
    }
  });
});

describe.each(TEST_ENGINES)("OAuth 1.0a nonce shares per user on %s", (engine) => {
  const SHARE = 8;
  const TOKENS = 4;
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine, { limits: { noncesPerClient: SHARE } });
  });
  afterAll(() => server.close());

  it("counts every access token of one user against one share, and another user's apart", async () => {
    const { ctx } = server;
    const flooder = await createActor(ctx);
    // Each completed sign-in issues a new access token: the same user holds several.
    const clients = [flooder.client];
    for (let i = 1; i < TOKENS; i += 1) {
      const pair = await issueAccessToken(ctx.prisma, ctx, {
        appId: flooder.appId,
        userId: flooder.userId,
        accessType: "write",
      });
      clients.push(
        new AdsClient(ctx.hosts, {
          consumer: flooder.credentials.consumer,
          token: { token: pair.token, tokenSecret: pair.secret },
        }),
      );
    }
    // Another user of the same app.
    const bystander = await createActor(ctx, {
      app: {
        id: flooder.appId,
        consumerKey: flooder.consumerKey,
        consumerSecret: flooder.consumerSecret,
      },
    });

    // Round robin over the flooder's tokens until refused; the bystander works throughout.
    let served = 0;
    let bystanderRequests = 0;
    for (let i = 0; i < TOKENS * SHARE; i += 1) {
      const answer = await (clients[i % TOKENS] ?? flooder.client).get("/12/accounts");
      if (answer.status === 429) {
        expect(errorOf(answer)).toMatchObject({ code: 88 });
        expect(errorOf(answer).message).toContain("for this user");
        break;
      }
      expect(answer.status).toBe(200);
      served += 1;
      if (i % 2 === 1) {
        expect((await bystander.client.get("/12/accounts")).status).toBe(200);
        bystanderRequests += 1;
      }
    }
    // One share for the user, not one per token.
    expect(served).toBe(SHARE);
    for (const client of clients) expect((await client.get("/12/accounts")).status).toBe(429);
    expect(await ctx.prisma.oAuthNonce.count({ where: { clientId: clientOf(flooder) } })).toBe(
      SHARE,
    );
    // The bystander still has the rest of its own share.
    for (; bystanderRequests < SHARE; bystanderRequests += 1) {
      expect((await bystander.client.get("/12/accounts")).status).toBe(200);
    }
  });
});
