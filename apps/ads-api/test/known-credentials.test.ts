import { signRequest } from "@adsgraph/oauth";
import { TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantAccess } from "../src/credentials/grants.js";
import type { RunningServer } from "../src/server.js";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { errorOf, itemsOf } from "./support/bodies.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import { AdsClient, signedFetch, withQuery } from "./support/signed-fetch.js";
import type { ApiResponse, Credentials } from "./support/signed-fetch.js";

/** Sends exactly this request again: same URL, same Authorization header. */
async function send(url: string, authorization: string): Promise<ApiResponse> {
  const response = await fetch(url, { headers: { authorization } });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) };
}

/**
 * A token this process verified before is checked in one round trip (auth/verify-known.ts):
 * what a user would notice if that path answered differently from the full one.
 */
describe.each(TEST_ENGINES)("signed requests of a known token on %s", (engine) => {
  let server: TestServer;
  let replica: RunningServer;
  let actor: Actor;
  let accountId: string;
  let fundingId: string;
  let listUrl: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    // Another process over the same database, with its own memory of tokens.
    replica = await server.startAnother();
    actor = await createActor(server.ctx);
    ({ accountId, fundingInstrumentId: fundingId } = await createAccountFor(
      server.ctx,
      actor.userId,
    ));
    listUrl = withQuery(server.ctx.hosts.ads, `/12/accounts/${accountId}/campaigns`, {
      count: 1000,
    });
  });
  afterAll(() => server.close());

  const signed = (credentials: Credentials = actor.credentials) =>
    signRequest({ method: "GET", url: listUrl, ...credentials }).authorization;
  const onReplica = (who: Actor) => new AdsClient(replica.urls, who.credentials);

  it("refuses a replayed nonce of a known token, here and on another process", async () => {
    // The first request verifies from the database and makes the token known.
    expect((await actor.client.get(`/12/accounts/${accountId}/campaigns`)).status).toBe(200);
    expect(server.ctx.knownCredentials.get(actor.consumerKey, tokenOf(actor))).toBeDefined();
    const authorization = signed();
    const first = await send(listUrl, authorization);
    expect(first.status).toBe(200);
    const again = await send(listUrl, authorization);
    expect(again.status).toBe(401);
    expect(errorOf(again).code).toBe(32);
    // The replica knows the token too once it served it; the nonce is refused there as well.
    expect((await onReplica(actor).get(`/12/accounts/${accountId}/campaigns`)).status).toBe(200);
    const elsewhere = await fetch(listUrl.replace(server.ctx.hosts.ads, replica.urls.ads), {
      headers: { authorization },
    });
    expect(elsewhere.status).toBe(401);
  });

  it("does not record the nonce of a request with a wrong signature", async () => {
    const now = Date.now();
    const nonce = `forged${now}`;
    const sign = (consumerSecret: string) =>
      signRequest({
        method: "GET",
        url: listUrl,
        consumer: { ...actor.credentials.consumer, consumerSecret },
        token: actor.credentials.token,
        clock: () => now,
        nonce: () => nonce,
      }).authorization;
    const refused = await send(listUrl, sign("not the secret"));
    expect(refused.status).toBe(401);
    expect(errorOf(refused).code).toBe(32);
    // The same nonce and timestamp, rightly signed: accepted (the forgery stored nothing).
    expect((await send(listUrl, sign(actor.consumerSecret))).status).toBe(200);
  });

  it("refuses a token invalidated by another process at once", async () => {
    const user = await createActor(server.ctx);
    await grantAccess(server.ctx.prisma, accountId, user.userId, ["ACCOUNT_ADMIN"]);
    const path = `/12/accounts/${accountId}/campaigns`;
    expect((await user.client.get(path)).status).toBe(200);
    expect((await user.client.get(path)).status).toBe(200);
    const invalidated = await signedFetch(
      "POST",
      `${replica.urls.base}/1.1/oauth/invalidate_token.json`,
      user.credentials,
    );
    expect(invalidated.status).toBe(200);
    const refused = await user.client.get(path);
    expect(refused.status).toBe(401);
    expect(errorOf(refused).code).toBe(89);
  });

  it("verifies with the app's new secret once it is replaced in the database", async () => {
    const user = await createActor(server.ctx);
    await grantAccess(server.ctx.prisma, accountId, user.userId, ["ACCOUNT_ADMIN"]);
    const path = `/12/accounts/${accountId}/campaigns`;
    expect((await user.client.get(path)).status).toBe(200);
    await server.ctx.prisma.app.update({
      where: { id: user.appId },
      data: { consumerSecretEnc: server.ctx.box.seal("a new consumer secret") },
    });
    // Signed with the secret this process remembers: refused, as the database says.
    const old = await user.client.get(path);
    expect(old.status).toBe(401);
    expect(errorOf(old).code).toBe(32);
    const renewed = new AdsClient(server.ctx.hosts, {
      ...user.credentials,
      consumer: { ...user.credentials.consumer, consumerSecret: "a new consumer secret" },
    });
    expect((await renewed.get(path)).status).toBe(200);
    expect((await renewed.get(path)).status).toBe(200);
  });

  it("shows a write made on another process in the very next list", async () => {
    const path = `/12/accounts/${accountId}/campaigns`;
    const before = itemsOf(await actor.client.get(path)).length;
    const created = await onReplica(actor).post(path, {
      query: {
        funding_instrument_id: fundingId,
        name: "Written elsewhere",
        entity_status: "PAUSED",
        daily_budget_amount_local_micro: 5_000_000,
      },
    });
    expect(created.status).toBe(200);
    const after = itemsOf(await actor.client.get(path));
    expect(after).toHaveLength(before + 1);
    expect(after.map((item) => item.name)).toContain("Written elsewhere");
  });
});

const tokenOf = (actor: Actor) => actor.credentials.token?.token ?? "";
