import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRestClient, type RestClient } from "@adsgraph/rest-client";
import { Registry } from "prom-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUpstreamMetrics } from "./upstream-metrics.js";

// The hooks on a real rest-client against a scripted server: each answer is chosen by the test,
// and waits are skipped (injected sleep), so rate-limit waits are counted without waiting.

type Answer = { status: number; headers?: Record<string, string> };

const seconds = (fromNow: number) => String(Math.ceil(Date.now() / 1000) + fromNow);
const limit = (remaining: number, resetIn = 900) => ({
  "x-rate-limit-limit": "5",
  "x-rate-limit-remaining": String(remaining),
  "x-rate-limit-reset": seconds(resetIn),
});

describe("upstream metrics from rest-client hooks", () => {
  let server: Server;
  const script: Answer[] = [];
  let registry: Registry;
  let client: RestClient;
  let metrics: ReturnType<typeof createUpstreamMetrics>;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      const next = script.shift() ?? { status: 500 };
      response.writeHead(next.status, { "content-type": "application/json", ...next.headers });
      response.end(
        next.status < 400
          ? JSON.stringify({ data: [], next_cursor: null, request: { params: {} } })
          : JSON.stringify({ errors: [{ code: 0, message: "scripted" }] }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    registry = new Registry();
    metrics = createUpstreamMetrics(registry);
    client = createRestClient({
      hosts: { base, ads: base, "ads-sandbox": base },
      auth: {
        consumer: { consumerKey: "key", consumerSecret: "secret" },
        token: { token: "1-token", tokenSecret: "token-secret" },
      },
      hooks: metrics.hooks,
      validateResponses: false,
      retry: { baseDelayMs: 0, maxDelayMs: 0 },
      sleep: () => Promise.resolve(),
    });
    metrics.watchRateLimits(() =>
      client.rateLimits.snapshot().map((state) => ({ client: "user" as const, state })),
    );
  });
  afterAll(async () => {
    await client.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const values = async (name: string) =>
    (await registry.getSingleMetric(name)?.get())?.values.map(({ labels, value }) => ({
      labels,
      value,
    }));

  it("counts answers by endpoint and status, 429s, waits by cause, retries and failures", async () => {
    script.push(
      { status: 429, headers: limit(0, 1) }, // a 429: wait for the reset, then again
      { status: 200, headers: limit(0, 60) }, // answered; the budget is now known to be spent
      { status: 200, headers: limit(4) }, // sent after a wait before sending (cause budget)
      { status: 503 }, // retried (server_error)
      { status: 200, headers: limit(3) },
      { status: 400, headers: limit(2) }, // fails for good
    );
    await client.call("accounts.list", {});
    await client.call("accounts.list", {});
    await client.call("accounts.list", {});
    await expect(client.call("accounts.list", {})).rejects.toMatchObject({ status: 400 });
    expect(script).toEqual([]);

    expect(await values("adsgraph_upstream_requests_total")).toEqual([
      { labels: { endpoint: "accounts.list", status: "429" }, value: 1 },
      { labels: { endpoint: "accounts.list", status: "200" }, value: 3 },
      { labels: { endpoint: "accounts.list", status: "503" }, value: 1 },
      { labels: { endpoint: "accounts.list", status: "400" }, value: 1 },
    ]);
    expect(await values("adsgraph_upstream_rate_limited_total")).toEqual([
      { labels: { endpoint: "accounts.list" }, value: 1 },
    ]);
    // The skipped sleep leaves the 429's reset ahead, so its retry waits once more before sending.
    expect(await values("adsgraph_upstream_rate_limit_waits_total")).toEqual([
      { labels: { endpoint: "accounts.list", cause: "429" }, value: 1 },
      { labels: { endpoint: "accounts.list", cause: "budget" }, value: 2 },
    ]);
    const waited = await values("adsgraph_upstream_rate_limit_wait_seconds_total");
    expect(waited?.map(({ labels }) => labels.cause)).toEqual(["429", "budget"]);
    for (const { value } of waited ?? []) expect(value).toBeGreaterThan(0);
    expect(await values("adsgraph_upstream_retries_total")).toEqual([
      { labels: { endpoint: "accounts.list", reason: "server_error" }, value: 1 },
    ]);
    expect(await values("adsgraph_upstream_failures_total")).toEqual([
      { labels: { endpoint: "accounts.list", code: "API_ERROR" }, value: 1 },
    ]);
    expect(
      await registry.getSingleMetricAsString("adsgraph_upstream_request_duration_seconds"),
    ).toMatch(/^adsgraph_upstream_request_duration_seconds_count\{endpoint="accounts.list"\} 6$/m);
    // The last answer said 2 remain of the accounts family's window, which has not reset.
    expect(await values("adsgraph_upstream_rate_limit_remaining")).toEqual([
      { labels: { family: "accounts", scope: "user" }, value: 2 },
    ]);
  });
});
