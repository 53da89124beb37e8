import { DEMO } from "@adsgraph/ads-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postGraphQL, startStack } from "../testing/index.js";
import type { Stack } from "../testing/index.js";
import { demoUserClient } from "./support/demo-user-client.js";
import { parsePrometheusText, samplesOf, type Sample } from "./support/prometheus-text.js";

// GET /metrics after a known set of operations: counters checked by value, upstream counts
// against ads-api's own request log.

const A = DEMO.accounts[0].id;
/** Requests per user token and endpoint family per window (ads-api), small so one is spent. */
const USER_RATE = 10;

const ACCOUNT_NAME = `query AccountName { account(rawId: "${A}") { name } }`;
const MISSING = `query Missing { account(rawId: "nosuch1") { name } }`;
const BROKEN = `query Broken { account(rawId: "${A}") { nope } }`;
const CAMPAIGNS = `query Campaigns { account(rawId: "${A}") { campaigns(first: 5) { edges { node { name } } } } }`;

/** Counts by key. */
function tally<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

/** One metric's values keyed by its labels (`key`). */
function valuesBy(
  samples: readonly Sample[],
  name: string,
  key: (labels: Readonly<Record<string, string>>) => string,
): Record<string, number> {
  const values: Record<string, number> = {};
  for (const { labels, value } of samplesOf(samples, name)) values[key(labels)] = value;
  return values;
}

describe("GET /metrics after a known set of operations", () => {
  let stack: Stack;
  let samples: Sample[];

  beforeAll(async () => {
    stack = await startStack({
      measureUpstream: true,
      adsApi: { limits: { userRate: USER_RATE } },
      facade: {
        env: {
          // Snapshots answer for an hour, so a repeated read is a fresh snapshot answer.
          SNAPSHOT_FRESH_SECONDS_ENTITY: "3600",
          SNAPSHOT_FRESH_SECONDS_REFERENCE: "3600",
          // A 429 fails the read at once (its reset is a window away): one 429, no wait.
          UPSTREAM_RATE_LIMIT_WAIT_MS: "0",
        },
      },
    });
    // The demo token's campaigns budget is spent by another client (not the facade, whose
    // own book would then refuse before sending): the facade's campaigns read draws a 429.
    const other = demoUserClient(stack.adsApi);
    for (let i = 0; i < USER_RATE; i += 1) await other.call("campaigns.list", { account_id: A });
    await other.close();
    await stack.adsApi.requests.reset();

    const first = await stack.query(ACCOUNT_NAME);
    expect(first.errors).toBeUndefined();
    await stack.facade.services.snapshots.writer.flush();
    const fresh = await stack.query(ACCOUNT_NAME);
    expect(fresh.extensions?.upstream?.requests).toBe(0);
    // Stored by the response cache after the fresh answer: answered whole, without Apollo.
    expect((await stack.query(ACCOUNT_NAME)).data).toEqual(first.data);
    expect((await stack.query(MISSING)).errors).toHaveLength(1);
    const broken = await postGraphQL(stack.facade.url, BROKEN, { headers: stack.headers });
    expect(broken.body.errors?.[0]?.extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");
    expect((await stack.query("{ health }")).data).toEqual({ health: "ok" });
    // Reference data signs as the app: its bearer token is fetched first (counted too).
    expect((await stack.query("{ contentCategories { nodes { id } } }")).errors).toBeUndefined();
    const limited = await stack.query(CAMPAIGNS);
    expect(limited.errors?.[0]?.extensions?.code).toBe("RATE_LIMITED");
    await stack.facade.services.snapshots.writer.flush();

    const scrape = await fetch(`${stack.facade.origin}/metrics`);
    expect(scrape.status).toBe(200);
    samples = parsePrometheusText(await scrape.text());
  });
  afterAll(() => stack.close());

  it("counts operations by name, type and outcome, and times each", () => {
    const expected = [
      { labels: { operation: "AccountName", type: "query", outcome: "ok" }, value: 2 },
      { labels: { operation: "Missing", type: "query", outcome: "error" }, value: 1 },
      { labels: { operation: "Broken", type: "query", outcome: "rejected" }, value: 1 },
      { labels: { operation: "anonymous", type: "query", outcome: "ok" }, value: 2 },
      { labels: { operation: "Campaigns", type: "query", outcome: "error" }, value: 1 },
    ];
    expect(samplesOf(samples, "adsgraph_graphql_operations_total")).toEqual(expected);
    expect(samplesOf(samples, "adsgraph_graphql_operation_duration_seconds_count")).toEqual(
      expected,
    );
    expect(samplesOf(samples, "adsgraph_graphql_response_cache_hits_total")).toEqual([
      { labels: {}, value: 1 },
    ]);
  });

  it("counts upstream requests by endpoint and status as ads-api logged them, and the 429", async () => {
    const log = await stack.adsApi.requests.entries();
    const logged = tally(log, (entry) => `${entry.endpointId ?? entry.route} ${entry.status}`);
    const counted = valuesBy(
      samples,
      "adsgraph_upstream_requests_total",
      (labels) => `${labels.endpoint} ${labels.status}`,
    );
    expect(counted).toEqual(logged);
    // AccountName's account, Missing's (refused: no such account of the user's), the app's
    // bearer token and the reference data read with it, Campaigns' list.
    expect(counted).toEqual({
      "accounts.get 200": 1,
      "accounts.get 403": 1,
      "oauth2.token 200": 1,
      "content_categories.list 200": 1,
      "campaigns.list 429": 1,
    });
    expect(samplesOf(samples, "adsgraph_upstream_rate_limited_total")).toEqual([
      { labels: { endpoint: "campaigns.list" }, value: 1 },
    ]);
    expect(samplesOf(samples, "adsgraph_upstream_failures_total")).toEqual([
      { labels: { endpoint: "accounts.get", code: "API_ERROR" }, value: 1 },
      { labels: { endpoint: "campaigns.list", code: "RATE_LIMITED" }, value: 1 },
    ]);
    // The facade waited for no reset: the 429's lay a window away (UPSTREAM_RATE_LIMIT_WAIT_MS=0).
    expect(samplesOf(samples, "adsgraph_upstream_rate_limit_waits_total")).toEqual([]);
    const durations = valuesBy(
      samples,
      "adsgraph_upstream_request_duration_seconds_count",
      (labels) => labels.endpoint ?? "",
    );
    expect(durations).toEqual(tally(log, (entry) => entry.endpointId ?? entry.route));
  });

  it("reports the remaining budgets the answers told, never a token", async () => {
    const log = await stack.adsApi.requests.entries();
    const accountsFamily = log.filter((entry) => entry.endpointId?.startsWith("accounts.")).length;
    const remaining = valuesBy(samples, "adsgraph_upstream_rate_limit_remaining", (labels) =>
      labels.scope === "user" ? (labels.family ?? "") : `${labels.family} ${labels.scope}`,
    );
    // The token's accounts window, as its last answer told; its campaigns window, spent (429).
    expect(remaining).toMatchObject({ accounts: USER_RATE - accountsFamily, campaigns: 0 });
    // The demo account's own window (x-account-rate-limit-*), told by the accounts.get of it;
    // the app's window of the reference data it read with its bearer token.
    expect(Object.keys(remaining).sort()).toEqual([
      "accounts",
      "accounts account",
      "campaigns",
      "content_categories app",
    ]);
    const text = JSON.stringify(samples);
    expect(text).not.toContain(DEMO.accessToken.token);
    expect(text).not.toContain(stack.headers.authorization?.slice("Bearer ".length));
  });

  it("counts snapshot answers (fresh, stale, miss), the writer's queue and the activity fan-out", () => {
    // Misses: the first AccountName's account read, Missing's, the content categories, and
    // Campaigns' campaign list; fresh: the second AccountName's account. Campaigns selects only
    // the list of an account whose access is known: its account is not read at all.
    expect(samplesOf(samples, "adsgraph_snapshot_answers_total")).toEqual([
      { labels: { result: "fresh" }, value: 1 },
      { labels: { result: "stale" }, value: 0 },
      { labels: { result: "miss" }, value: 4 },
    ]);
    expect(samplesOf(samples, "adsgraph_snapshot_writer_queue_depth")).toEqual([
      { labels: {}, value: 0 },
    ]);
    expect(samplesOf(samples, "adsgraph_activity_subscribers")).toEqual([{ labels: {}, value: 0 }]);
    expect(samplesOf(samples, "adsgraph_activity_stream_streaming")).toEqual([
      { labels: { role: "local" }, value: 0 },
    ]);
  });
});
