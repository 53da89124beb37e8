import { once } from "node:events";
import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { deletePrefixed, TEST_ENGINES, TEST_REDIS_URL, testRedisPrefix } from "@adsgraph/storage";
import { replayClientId } from "@adsgraph/oauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signBody } from "../src/delivery/webhook-signature.js";
import type { StartedAdsApi } from "../testing/index.js";
import { createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { errorOf } from "./support/bodies.js";
import { appBearer } from "./support/post-data.js";
import { startTestReplicas, startTestServer } from "./support/server.js";
import type { TestReplicas, TestServer } from "./support/server.js";
import { AdsClient } from "./support/signed-fetch.js";

// Issue 34: every per-app cap holds under concurrency. 50 creates sent at once end exactly at
// the cap, on each engine and across two replicas on one PostgreSQL database.

/** The activity subscription cap of these servers (the default is 10,000). */
const CAP = 5;
/** Signed requests one user of one app may make per timestamp window (its nonce share). */
const NONCES = 5;
const CONCURRENT = 50;

interface Answer {
  readonly status: number;
  readonly code: number | string | undefined;
  readonly message: string | undefined;
}

async function post(base: string, path: string, bearer: string, json: unknown): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { authorization: bearer, "content-type": "application/json" },
    body: JSON.stringify(json),
  });
  const body = (await response.json()) as {
    errors?: { code?: number | string; message?: string }[];
  };
  return {
    status: response.status,
    code: body.errors?.[0]?.code,
    message: body.errors?.[0]?.message,
  };
}

/** How many answers had each status, e.g. `{ 201: 5, 403: 45 }`. */
function tally(answers: readonly { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** A webhook receiver that passes every CRC check of the app with this consumer secret. */
async function crcReceiver(consumerSecret: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const token = new URL(request.url ?? "/", "http://receiver").searchParams.get("crc_token");
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ response_token: signBody(token ?? "", consumerSecret) }));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, server };
}

/** Sends `CONCURRENT` creates at once, spread round robin over the bases (replicas). */
function createsAtOnce(
  bases: readonly string[],
  path: string,
  bearer: string,
  json: (index: number) => unknown,
): Promise<Answer[]> {
  return Promise.all(
    Array.from({ length: CONCURRENT }, (_, index) =>
      post(bases[index % bases.length] ?? "", path, bearer, json(index)),
    ),
  );
}

/** The caps, checked against one server or replicas of one service (their own addresses). */
function capCases(setup: () => { servers: readonly StartedAdsApi[]; shared: boolean }) {
  /** Each server's own base address, alternately: creates reach every replica. */
  const basesOf = (servers: readonly StartedAdsApi[]) =>
    servers.map((server) => server.listenUrls.base);

  const receivers: Server[] = [];
  afterAll(() => {
    for (const server of receivers) {
      server.closeAllConnections();
      server.close();
    }
  });

  function first(): StartedAdsApi {
    const [server] = setup().servers;
    if (server === undefined) throw new Error("no server");
    return server;
  }

  async function newApp(): Promise<{ actor: Actor; bearer: string }> {
    const actor = await createActor(first().ctx);
    return { actor, bearer: `Bearer ${await appBearer(first(), actor)}` };
  }

  it(`ends ${CONCURRENT} concurrent subscription creates at the cap (${CAP}), refusing the rest with 403`, async () => {
    const bases = basesOf(setup().servers);
    const { actor, bearer } = await newApp();
    const answers = await createsAtOnce(bases, "/2/activity/subscriptions", bearer, (index) => ({
      filter: { user_id: String(1000 + index) },
    }));
    expect(tally(answers)).toEqual({ 201: CAP, 403: CONCURRENT - CAP });
    for (const refused of answers.filter((answer) => answer.status === 403)) {
      expect(refused.message).toBe(
        `an app may hold at most ${CAP} activity subscriptions; delete one first`,
      );
    }
    expect(
      await first().ctx.prisma.activitySubscription.count({ where: { appId: actor.appId } }),
    ).toBe(CAP);
  });

  it(`ends ${CONCURRENT} concurrent webhook registrations at one per app, refusing the rest with 409`, async () => {
    const bases = basesOf(setup().servers);
    const { actor, bearer } = await newApp();
    const receiver = await crcReceiver(actor.consumerSecret);
    receivers.push(receiver.server);
    const answers = await createsAtOnce(bases, "/2/webhooks", bearer, () => ({
      url: receiver.url,
    }));
    expect(tally(answers)).toEqual({ 200: 1, 409: CONCURRENT - 1 });
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.code).toBe("TOO_MANY_WEBHOOKS");
    }
    expect(await first().ctx.prisma.webhook.count({ where: { appId: actor.appId } })).toBe(1);
  });

  it(`ends ${CONCURRENT} concurrent signed requests of one user at its nonce share (${NONCES}), refusing the rest with 429`, async () => {
    const { servers, shared } = setup();
    const { actor } = await newApp();
    const clients = servers.map(
      (server) => new AdsClient(server.urls, actor.credentials, server.listenUrls),
    );
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, index) =>
        (clients[index % clients.length] ?? actor.client).get("/12/accounts"),
      ),
    );
    expect(tally(answers)).toEqual({ 200: NONCES, 429: CONCURRENT - NONCES });
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      expect(errorOf(refused)).toMatchObject({ code: 88 });
    }
    // Without Redis the nonces are rows (one per request served); with it, Redis keys.
    if (!shared) {
      const clientId = replayClientId(actor.consumerKey, { owner: actor.userId });
      expect(await first().ctx.prisma.oAuthNonce.count({ where: { clientId } })).toBe(NONCES);
    }
  });
}

describe.each(TEST_ENGINES)("per-app caps under concurrency on %s (issue 34)", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, {
      limits: { activitySubscriptionsPerApp: CAP, noncesPerClient: NONCES },
    });
  });
  afterAll(() => server.close());

  capCases(() => ({ servers: [server], shared: false }));
});

describe("per-app caps under concurrency across two replicas on one PostgreSQL (issue 34)", () => {
  const prefix = testRedisPrefix("ads-api-caps");
  let service: TestReplicas;
  beforeAll(async () => {
    service = await startTestReplicas({
      redis: { url: TEST_REDIS_URL, prefix },
      limits: { activitySubscriptionsPerApp: CAP, noncesPerClient: NONCES },
    });
  });
  afterAll(async () => {
    await service.close();
    await deletePrefixed(TEST_REDIS_URL, prefix);
  });

  capCases(() => ({ servers: service.replicas, shared: true }));
});
