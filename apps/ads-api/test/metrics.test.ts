import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActor, type Actor } from "./support/actors.js";
import { startTestServer, type TestServer } from "./support/server.js";

// GET /metrics (base host): counters checked by value after a known set of requests, and who
// may read them.

const TOKEN = "metrics-secret-1234";
/** Requests per token and endpoint family per window: the third accounts read is a 429. */
const USER_RATE = 2;

interface Sample {
  labels: Record<string, string>;
  value: number;
}

/** The samples of one metric in a Prometheus text scrape. */
function samplesOf(text: string, name: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    const labels: Record<string, string> = {};
    for (const [, label = "", value = ""] of (match[2] ?? "").matchAll(/(\w+)="([^"]*)",?/g))
      labels[label] = value;
    samples.push({ labels, value: Number(match[3]) });
  }
  return samples;
}

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describe.each(HTTP_TEST_ENGINES)("GET /metrics on %s", (engine) => {
  let server: TestServer;
  let actor: Actor;

  beforeAll(async () => {
    server = await startTestServer(engine, {
      limits: { userRate: USER_RATE },
      metrics: { token: TOKEN, public: false },
    });
    actor = await createActor(server.ctx);
  });
  afterAll(() => server.close());

  it("counts requests by role, route template, method and status, as the request log does", async () => {
    for (let i = 0; i < USER_RATE + 1; i += 1) await actor.client.get("/12/accounts");
    await actor.client.get("/12/iab_categories");
    await actor.client.get("/12/no_such_thing/123456");
    await fetch(`${server.urls.base}/health`);
    await fetch(`${server.urls.ads}/_admin/requests`); // an admin route: counted nowhere

    const scrape = await fetch(`${server.urls.base}/metrics`, bearer(TOKEN));
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await scrape.text();
    const requests = [
      { labels: { role: "ads", route: "/12/accounts", method: "GET", status: "200" }, value: 2 },
      { labels: { role: "ads", route: "/12/accounts", method: "GET", status: "429" }, value: 1 },
      {
        labels: { role: "ads", route: "/12/iab_categories", method: "GET", status: "200" },
        value: 1,
      },
      // The path no route matched is never a label.
      { labels: { role: "ads", route: "unmatched", method: "GET", status: "404" }, value: 1 },
      { labels: { role: "base", route: "/health", method: "GET", status: "200" }, value: 1 },
    ];
    expect(samplesOf(text, "adsgraph_ads_api_requests_total")).toEqual(requests);
    expect(text).not.toContain("no_such_thing");
    expect(server.ctx.requestLog.counts().total).toBe(6);
    expect(samplesOf(text, "adsgraph_ads_api_rate_limited_total")).toEqual([
      { labels: { role: "ads", route: "/12/accounts" }, value: 1 },
    ]);
    expect(samplesOf(text, "adsgraph_ads_api_request_duration_seconds_count")).toEqual([
      { labels: { role: "ads", route: "/12/accounts", method: "GET" }, value: 3 },
      { labels: { role: "ads", route: "/12/iab_categories", method: "GET" }, value: 1 },
      { labels: { role: "ads", route: "unmatched", method: "GET" }, value: 1 },
      { labels: { role: "base", route: "/health", method: "GET" }, value: 1 },
    ]);
    expect(samplesOf(text, "adsgraph_ads_api_activity_streams")).toEqual([
      { labels: {}, value: 0 },
    ]);
    expect(samplesOf(text, "adsgraph_ads_api_activity_subscriptions")).toEqual([
      { labels: {}, value: 0 },
    ]);
    // One client (the actor's key and token) holds the nonce of each signed request verified.
    expect(samplesOf(text, "adsgraph_ads_api_nonce_clients")).toEqual([{ labels: {}, value: 1 }]);
    expect(samplesOf(text, "adsgraph_ads_api_nonces")).toEqual([{ labels: {}, value: 4 }]);
    expect(text).not.toContain(actor.credentials.token?.token ?? "(no token)");
    // The process's own metrics beside the server's.
    expect(samplesOf(text, "adsgraph_ads_api_process_cpu_user_seconds_total")).toHaveLength(1);
  });

  it("needs the token when one is set: 401 without it or with another", async () => {
    const without = await fetch(`${server.urls.base}/metrics`);
    expect(without.status).toBe(401);
    const wrong = await fetch(`${server.urls.base}/metrics`, bearer("metrics-secret-9999"));
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain(TOKEN);
    expect((await fetch(`${server.urls.base}/metrics`, bearer(TOKEN))).status).toBe(200);
  });

  it("is served on the base host only", async () => {
    expect((await fetch(`${server.urls.ads}/metrics`, bearer(TOKEN))).status).toBe(404);
    expect((await fetch(`${server.urls["ads-sandbox"]}/metrics`, bearer(TOKEN))).status).toBe(404);
  });

  it("without a token and not public (production's default), answers loopback clients only", async () => {
    const other = await server.startAnother({ metrics: { token: undefined, public: false } });
    const local = await fetch(`${other.urls.base}/metrics`);
    expect(local.status).toBe(200);
    expect(await local.text()).toContain("adsgraph_ads_api_requests_total");
    const remote = await other.apps.base.inject({
      method: "GET",
      url: "/metrics",
      remoteAddress: "203.0.113.7",
    });
    expect(remote.statusCode).toBe(403);
    expect(remote.body).not.toContain("adsgraph_");
  });
});
