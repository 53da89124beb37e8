import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack } from "../testing/index.js";
import type { Stack } from "../testing/index.js";
import { demoUserClient } from "./support/demo-user-client.js";
import { parsePrometheusText, samplesOf, type Sample } from "./support/prometheus-text.js";

// The rate-limit waits in GET /metrics, from real waits against ads-api's windows: one after a
// 429, one before sending into a budget the facade knows is spent. The user's own accounts
// (`accounts.list`): a user window alone governs them (an account's GETs answer an account
// window too, which rest-client prefers, as the vendor's SDKs do).

/** Requests per user token and endpoint family per window (ads-api). */
const USER_RATE = 3;
/** ads-api's window: short, so that each wait is a real one and the test stays short. */
const WINDOW_MS = 2000;
/** Distinct queries (`first` differs), so no answer is reused: each reads upstream. */
const accounts = (first: number) =>
  `query Accounts { viewer { accounts(first: ${first}) { edges { node { rawId } } } } }`;

describe("GET /metrics counts the facade's waits for upstream rate limits", () => {
  let stack: Stack;
  let samples: Sample[];

  beforeAll(async () => {
    stack = await startStack({
      measureUpstream: true,
      adsApi: { limits: { userRate: USER_RATE, rateWindowMs: WINDOW_MS } },
      // Planning off: with it, the query past the budget is refused before it is sent (issue
      // 35), and this test is about rest-client's own wait before sending into a spent window.
      facade: { env: { UPSTREAM_RATE_LIMIT_WAIT_MS: "60000", COST_PLANNING: "false" } },
    });
    // Another client spends the demo token's accounts budget: the facade's first read draws
    // a 429, waits for the reset it announces, and is sent again.
    const other = demoUserClient(stack.adsApi);
    for (let i = 0; i < USER_RATE; i += 1) await other.call("accounts.list", {});
    await other.close();
    await stack.adsApi.requests.reset();

    // The 429 and its wait; then the rest of the new window; then one more, which the facade's
    // own book holds back until the reset instead of drawing a second 429.
    for (let first = 1; first <= USER_RATE + 1; first += 1) {
      const answer = await stack.query(accounts(first));
      expect(answer.errors).toBeUndefined();
    }
    samples = parsePrometheusText(await (await fetch(`${stack.facade.origin}/metrics`)).text());
  });
  afterAll(() => stack.close());

  it("counts one wait after the 429 and one before sending into the spent budget, with their seconds", async () => {
    const statuses = (await stack.adsApi.requests.entries("accounts.list")).map(
      (entry) => entry.status,
    );
    // One 429, then every query answered: USER_RATE + 1 reads, the first sent twice.
    expect(statuses).toEqual([429, ...Array.from({ length: USER_RATE + 1 }, () => 200)]);
    expect(samplesOf(samples, "adsgraph_upstream_rate_limited_total")).toEqual([
      { labels: { endpoint: "accounts.list" }, value: 1 },
    ]);
    expect(samplesOf(samples, "adsgraph_upstream_rate_limit_waits_total")).toEqual([
      { labels: { endpoint: "accounts.list", cause: "429" }, value: 1 },
      { labels: { endpoint: "accounts.list", cause: "budget" }, value: 1 },
    ]);
    const seconds = samplesOf(samples, "adsgraph_upstream_rate_limit_wait_seconds_total");
    expect(seconds.map((sample) => sample.labels)).toEqual([
      { endpoint: "accounts.list", cause: "429" },
      { endpoint: "accounts.list", cause: "budget" },
    ]);
    // Each wait ran to a reset: more than nothing, less than a window and the reset's rounding
    // up to a whole second and rest-client's pad (a loaded machine adds to neither: a wait is
    // planned from the reset, not timed by the test).
    for (const { value } of seconds) {
      expect(value).toBeGreaterThan(0);
      expect(value).toBeLessThan((WINDOW_MS + 1000 + 1000) / 1000);
    }
    expect(samplesOf(samples, "adsgraph_upstream_retries_total")).toEqual([]);
    expect(samplesOf(samples, "adsgraph_upstream_failures_total")).toEqual([]);
  });
});
