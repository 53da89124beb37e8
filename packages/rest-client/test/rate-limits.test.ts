import { afterEach, describe, expect, it } from "vitest";
import { RestRateLimitError } from "../src/index.js";
import type { RetryEvent } from "../src/index.js";
import { clientFor, fakeTime } from "./support/client.js";
import { campaign, listEnvelope, singleEnvelope } from "./support/fixtures.js";
import { json, startScriptedServer } from "./support/scripted-server.js";
import type { ScriptedServer } from "./support/scripted-server.js";

const ACCOUNT = "18ce54d4x5t";
const list = { account_id: ACCOUNT };
let server: ScriptedServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const seconds = (ms: number) => String(Math.floor(ms / 1000));

function limited(resetAt: number, extra: Record<string, string> = {}) {
  return json(
    429,
    { errors: [{ code: 88, message: "Rate limit exceeded" }] },
    {
      "x-rate-limit-limit": "100",
      "x-rate-limit-remaining": "0",
      "x-rate-limit-reset": seconds(resetAt),
      ...extra,
    },
  );
}

describe("429 handling", () => {
  it("waits for the reset after every 429, not only the first, then succeeds", async () => {
    const time = fakeTime();
    let served = 0;
    server = await startScriptedServer(() =>
      ++served <= 3
        ? limited(time.now() + 60_000)
        : json(200, listEnvelope([campaign("c1")], null)),
    );
    const client = clientFor(server, {
      clock: time.clock,
      sleep: time.sleep,
      rateLimit: { padMs: 0 },
    });
    const page = await client.campaigns.list(list);
    expect(page.data.map((c) => c.id)).toEqual(["c1"]);
    expect(server.requests).toHaveLength(4);
    expect(time.sleeps).toEqual([60_000, 60_000, 60_000]);
    await client.close();
  });

  it("gives up at the maximum total wait with a typed error carrying the reset time", async () => {
    const time = fakeTime();
    server = await startScriptedServer(() => limited(time.now() + 60_000));
    const client = clientFor(server, {
      clock: time.clock,
      sleep: time.sleep,
      rateLimit: { padMs: 0, maxWaitMs: 150_000 },
    });
    const error = await client.campaigns.list(list).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestRateLimitError);
    const limitError = error as RestRateLimitError;
    expect(time.sleeps).toEqual([60_000, 60_000]);
    expect(server.requests).toHaveLength(3);
    expect(limitError.sent).toBe(true);
    expect(limitError.status).toBe(429);
    expect(limitError.waitedMs).toBe(120_000);
    expect(limitError.resetAt?.getTime()).toBe(Math.floor((time.now() + 60_000) / 1000) * 1000);
    expect(limitError.message).toMatch(/rate limited for account 18ce54d4x5t until .*maxWaitMs/);
    await client.close();
  });

  it("prefers the account reset over the user reset when a 429 carries both", async () => {
    const time = fakeTime();
    let served = 0;
    server = await startScriptedServer(() =>
      ++served === 1
        ? limited(time.now() + 900_000, {
            "x-account-rate-limit-limit": "2000",
            "x-account-rate-limit-remaining": "0",
            "x-account-rate-limit-reset": seconds(time.now() + 30_000),
          })
        : json(200, listEnvelope([], null)),
    );
    const client = clientFor(server, {
      clock: time.clock,
      sleep: time.sleep,
      rateLimit: { padMs: 250 },
    });
    await client.campaigns.list(list);
    expect(time.sleeps).toEqual([30_250]);
    await client.close();
  });

  it("retries a GET after a 503 with retry-after, waiting at least that long", async () => {
    const time = fakeTime();
    server = await startScriptedServer([
      json(503, { errors: [{ code: 130, message: "Over capacity" }] }, { "retry-after": "7" }),
      json(200, listEnvelope([], null)),
    ]);
    const client = clientFor(server, { clock: time.clock, sleep: time.sleep });
    await client.campaigns.list(list);
    expect(server.requests).toHaveLength(2);
    expect(time.sleeps).toEqual([7000]);
    await client.close();
  });

  it("retries a write after a 429: the server refused it before doing anything", async () => {
    const time = fakeTime();
    server = await startScriptedServer([
      limited(time.now() + 5000),
      json(200, singleEnvelope(campaign("c9"))),
    ]);
    const client = clientFor(server, {
      clock: time.clock,
      sleep: time.sleep,
      rateLimit: { padMs: 0 },
    });
    const created = await client.campaigns.create({
      account_id: ACCOUNT,
      name: "x",
      funding_instrument_id: "fi1",
    });
    expect(created.data.id).toBe("c9");
    expect(server.requests.map((r) => r.method)).toEqual(["POST", "POST"]);
    await client.close();
  });
});

describe("known budget", () => {
  it("waits before sending when the remaining budget is zero instead of drawing a 429", async () => {
    const time = fakeTime();
    const retries: RetryEvent[] = [];
    server = await startScriptedServer(() =>
      json(200, listEnvelope([], null), {
        "x-account-rate-limit-limit": "2000",
        "x-account-rate-limit-remaining": "0",
        "x-account-rate-limit-reset": seconds(time.now() + 45_000),
      }),
    );
    const client = clientFor(server, {
      clock: time.clock,
      sleep: time.sleep,
      rateLimit: { padMs: 0 },
      hooks: { onRetry: (e) => retries.push(e) },
    });
    await client.campaigns.list(list);
    expect(time.sleeps).toEqual([]);
    await client.campaigns.list(list);
    expect(time.sleeps).toEqual([
      Math.floor((Date.UTC(2025, 0, 1, 12) + 45_000) / 1000) * 1000 - Date.UTC(2025, 0, 1, 12),
    ]);
    expect(server.requests).toHaveLength(2);
    expect(retries.map((r) => r.reason)).toEqual(["rate_limit"]);
    await client.close();
  });

  it("refuses to send when the known reset is beyond the maximum wait", async () => {
    const time = fakeTime();
    server = await startScriptedServer(() =>
      json(200, listEnvelope([], null), {
        "x-rate-limit-limit": "15",
        "x-rate-limit-remaining": "0",
        "x-rate-limit-reset": seconds(time.now() + 600_000),
      }),
    );
    const client = clientFor(server, {
      clock: time.clock,
      sleep: time.sleep,
      rateLimit: { maxWaitMs: 60_000 },
    });
    await client.campaigns.list(list);
    const error = await client.campaigns.list(list).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestRateLimitError);
    expect((error as RestRateLimitError).sent).toBe(false);
    expect(server.requests).toHaveLength(1);
    await client.close();
  });

  it("shares a budget within an endpoint family (the first word of the id), as ads-api counts", async () => {
    const time = fakeTime();
    server = await startScriptedServer((request) =>
      request.path.endsWith("/campaigns")
        ? json(200, listEnvelope([], null), {
            "x-account-rate-limit-remaining": "0",
            "x-account-rate-limit-reset": seconds(time.now() + 20_000),
          })
        : request.path.includes("/cards")
          ? json(200, listEnvelope([], null))
          : json(200, singleEnvelope(campaign("c1"))),
    );
    const client = clientFor(server, {
      clock: time.clock,
      sleep: time.sleep,
      rateLimit: { padMs: 0 },
    });
    await client.campaigns.list(list);
    await client.cards.list(list);
    expect(time.sleeps).toEqual([]);
    await client.campaigns.get({ account_id: ACCOUNT, campaign_id: "c1" });
    expect(time.sleeps).toHaveLength(1);
    expect(client.rateLimits.get("campaigns.get", ACCOUNT)?.family).toBe("campaigns");
    await client.close();
  });

  it("keeps the latest state per endpoint and account, read from exact header names", async () => {
    const time = fakeTime();
    server = await startScriptedServer(() =>
      json(200, listEnvelope([], null), {
        "x-rate-limit-limit": "100",
        "x-rate-limit-remaining": "42",
        "x-rate-limit-reset": "1735736400",
        "x-account-rate-limit-limit": "2000",
        "x-account-rate-limit-remaining": "1999",
        "x-account-rate-limit-reset": "1735736700",
        "x-cost-rate-limit-remaining": "7",
        "x-request-id": "req-123",
      }),
    );
    const client = clientFor(server, { clock: time.clock, sleep: time.sleep });
    const response = await client.request("campaigns.list", list);
    expect(response.requestId).toBe("req-123");
    expect(response.headers["x-account-rate-limit-remaining"]).toBe("1999");
    const state = client.rateLimits.get("campaigns.list", ACCOUNT);
    expect(state?.user).toEqual({ limit: 100, remaining: 42, resetAt: 1735736400_000 });
    expect(state?.account).toEqual({ limit: 2000, remaining: 1999, resetAt: 1735736700_000 });
    expect(state?.cost?.remaining).toBe(7);
    expect(client.rateLimits.get("campaigns.list", "other")).toBeUndefined();
    expect(client.rateLimits.snapshot().map((s) => s.endpointId)).toEqual(["campaigns.list"]);
    await client.close();
  });

  it("really waits a short reset (real clock and sleep)", async () => {
    let served = 0;
    const delays: number[] = [];
    server = await startScriptedServer(() =>
      ++served === 1 ? limited(Date.now() + 1000) : json(200, listEnvelope([campaign("c1")], null)),
    );
    const client = clientFor(server, {
      rateLimit: { padMs: 0 },
      hooks: { onRetry: (e) => delays.push(e.delayMs) },
    });
    const page = await client.campaigns.list(list);
    expect(page.data).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
    expect(delays).toHaveLength(1);
    await client.close();
  });
});
