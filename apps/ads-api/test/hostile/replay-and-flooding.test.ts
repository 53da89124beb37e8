import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { signRequest } from "@adsgraph/oauth";
import { createTestTarget, TEST_ENGINES } from "@adsgraph/storage";
import type { TestTarget } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/seed/demo-credentials.js";
import { createActor } from "../support/actors.js";
import type { Actor } from "../support/actors.js";
import { itemsOf } from "../support/bodies.js";
import { freePort, startAdsApiProcess } from "../../testing/index.js";
import type { AdsApiProcess } from "../../testing/index.js";
import { AdsClient, withQuery } from "../support/signed-fetch.js";
import type { ApiResponse } from "../support/signed-fetch.js";
import { startHostileServer } from "./support/hostile-server.js";
import type { HostileServer } from "./support/hostile-server.js";
import { rawRequest } from "./support/raw-http.js";
import { answerOf, expectCleanLogs, expectRefused } from "./support/refusals.js";

// Issue 12, item 2 and the acceptance: a signed request captured before the server died
// (SIGKILL: no shutdown code runs) is refused after it comes back, and the write it carried
// happens once; a client flooding nonces, many requests at a time, is refused for itself alone
// while other clients — of another app, and of its own app — keep being served.

const demo = {
  consumer: { consumerKey: DEMO.app.consumerKey, consumerSecret: DEMO.app.consumerSecret },
  token: { token: DEMO.accessToken.token, tokenSecret: DEMO.accessToken.secret },
};
const account = DEMO.accounts[0].id;

interface Captured {
  readonly method: string;
  readonly url: string;
  readonly authorization: string;
}

function capture(method: string, url: string): Captured {
  return {
    method,
    url,
    authorization: signRequest({ method, url, consumer: demo.consumer, token: demo.token })
      .authorization,
  };
}

const replay = (request: Captured): Promise<ApiResponse> => rawRequest(request);

describe.each(TEST_ENGINES)("replay after a SIGKILL on %s", (engine) => {
  let dir: string;
  let target: TestTarget;
  let env: Record<string, string>;
  let child: AdsApiProcess | undefined;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "adsgraph-hostile-replay-"));
    target = await createTestTarget(engine, "hostile_replay");
    const [base, ads, sandbox] = [await freePort(), await freePort(), await freePort()];
    env = {
      ADS_API_BASE_URL: `http://127.0.0.1:${base}`,
      ADS_API_ADS_URL: `http://127.0.0.1:${ads}`,
      ADS_API_SANDBOX_URL: `http://127.0.0.1:${sandbox}`,
      ADS_API_SECRET_KEY_FILE: path.join(dir, "secret.key"),
    };
  });
  afterAll(async () => {
    if (child !== undefined) await child.kill();
    await target.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it("refuses every captured request once the server is back (code 32), and writes once", async () => {
    child = await startAdsApiProcess({ database: target.target, env });
    const name = `Replayed after a kill ${Date.now()}`;
    const campaigns = `/12/accounts/${account}/campaigns`;
    const create = capture(
      "POST",
      withQuery(child.urls.ads, campaigns, {
        name,
        funding_instrument_id: `${account}f1`,
        entity_status: "PAUSED",
      }),
    );
    const read = capture("GET", withQuery(child.urls.ads, campaigns, { count: 1 }));
    const sandboxCreate = capture("POST", `${child.urls["ads-sandbox"]}/12/accounts`);
    for (const request of [create, read, sandboxCreate]) {
      const first = await replay(request);
      expect(first.status, answerOf(first)).toBe(200);
    }
    await child.kill();
    child = undefined;

    child = await startAdsApiProcess({ database: target.target, env });
    for (const request of [create, read, sandboxCreate]) {
      expectRefused(await replay(request), { status: 401, code: 32 });
    }
    const client = new AdsClient(child.urls, demo);
    const listed = await client.get(campaigns, { count: 1000 });
    expect(listed.status, answerOf(listed)).toBe(200);
    expect(itemsOf(listed).filter((campaign) => campaign.name === name)).toHaveLength(1);
  }, 180_000);
});

describe.each(TEST_ENGINES)("nonce flooding, many requests at a time, on %s", (engine) => {
  const PER_CLIENT = 15;
  let server: HostileServer;
  let flooder: Actor;
  let otherApp: Actor;
  let sameApp: Actor;

  beforeAll(async () => {
    server = await startHostileServer(engine, {
      limits: { noncesPerClient: PER_CLIENT, maxNonces: 40 },
    });
    flooder = await createActor(server.ctx);
    otherApp = await createActor(server.ctx);
    sameApp = await createActor(server.ctx, {
      app: {
        id: flooder.appId,
        consumerKey: flooder.consumerKey,
        consumerSecret: flooder.consumerSecret,
      },
    });
  });
  afterAll(() => server.close());

  it("refuses the flooder alone (429, code 88) while both other clients are served", async () => {
    const flooded: ApiResponse[] = [];
    const others: ApiResponse[] = [];
    for (let round = 0; round < 6; round += 1) {
      const flood = Array.from({ length: 10 }, () => flooder.client.get("/12/accounts"));
      const bystanders = [otherApp.client.get("/12/accounts"), sameApp.client.get("/12/accounts")];
      flooded.push(...(await Promise.all(flood)));
      others.push(...(await Promise.all(bystanders)));
    }
    const served = flooded.filter((response) => response.status === 200);
    expect(served.length).toBeLessThanOrEqual(PER_CLIENT);
    const refused = flooded.filter((response) => response.status !== 200);
    expect(refused.length).toBeGreaterThanOrEqual(flooded.length - PER_CLIENT);
    for (const response of refused) expectRefused(response, { status: 429, code: 88 });
    for (const response of others) {
      expect(response.status, answerOf(response)).toBe(200);
    }
  });

  it("answers a client that only forges signatures with 401 and keeps serving its victim", async () => {
    const victim = await createActor(server.ctx);
    const forged = new AdsClient(server.urls, {
      consumer: victim.credentials.consumer,
      token: { token: victim.credentials.token?.token ?? "", tokenSecret: "not-the-secret" },
    });
    const answers = await Promise.all(
      Array.from({ length: 4 * PER_CLIENT }, () => forged.get("/12/accounts")),
    );
    for (const response of answers) expectRefused(response, { status: 401, code: 32 });
    for (let i = 0; i < 5; i += 1) {
      const response = await victim.client.get("/12/accounts");
      expect(response.status, answerOf(response)).toBe(200);
    }
  });

  it("logged no stack trace, no 500 and no credential", () => {
    expectCleanLogs(
      server.logs(),
      [flooder, otherApp, sameApp].flatMap((actor) => [
        actor.consumerSecret,
        actor.credentials.token?.token ?? "",
        actor.credentials.token?.tokenSecret ?? "",
      ]),
    );
  });
});
