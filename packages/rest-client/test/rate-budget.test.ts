import { createBearerTokenCache } from "@adsgraph/oauth";
import type { BearerTokenCache, BearerTokenSource } from "@adsgraph/oauth";
import { afterEach, describe, expect, it } from "vitest";
import { RestRateLimitError } from "../src/index.js";
import type {
  RetryEvent,
  RateLimitAnswer,
  RateLimitBudget,
  RateLimitBudgetKey,
} from "../src/index.js";
import { clientFor, fakeTime, SECRETS, TEST_AUTH } from "./support/client.js";
import { campaign, listEnvelope, singleEnvelope } from "./support/fixtures.js";
import { json, startScriptedServer } from "./support/scripted-server.js";
import type { ScriptedServer } from "./support/scripted-server.js";

const ACCOUNT = "18ce54d4x5t";
let server: ScriptedServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const seconds = (ms: number) => String(Math.floor(ms / 1000));

/** A budget answering `waits` in turn (then 0), recording what it was asked and told. */
function scriptedBudget(waits: Array<number | Error> = []) {
  const reserved: RateLimitBudgetKey[] = [];
  const recorded: Array<{ key: RateLimitBudgetKey; answer: RateLimitAnswer }> = [];
  const budget: RateLimitBudget = {
    reserve(key) {
      reserved.push(key);
      const next = waits.shift() ?? 0;
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    },
    record(key, answer) {
      recorded.push({ key, answer });
      return Promise.resolve();
    },
  };
  return { budget, reserved, recorded };
}

describe("a shared rate-limit budget (rateLimit.budget)", () => {
  it("reserves before every attempt and records every answer, keyed without any secret", async () => {
    server = await startScriptedServer(() =>
      json(200, listEnvelope([campaign("c1")], null), {
        "x-rate-limit-limit": "50",
        "x-rate-limit-remaining": "49",
        "x-rate-limit-reset": "1700000900",
        "x-account-rate-limit-remaining": "7",
      }),
    );
    const { budget, reserved, recorded } = scriptedBudget();
    const client = clientFor(server, { rateLimit: { budget } });
    await client.campaigns.list({ account_id: ACCOUNT });
    await client.campaigns.list({ account_id: ACCOUNT, count: 5 });
    expect(reserved).toHaveLength(2);
    const key = reserved[0];
    expect(key).toMatchObject({ family: "campaigns", accountId: ACCOUNT });
    expect(key?.principal).toMatch(/^user:[0-9a-f]{64}$/);
    expect(reserved[1]).toEqual(key);
    expect(JSON.stringify([reserved, recorded])).not.toContain(SECRETS.token);
    expect(recorded.map((r) => r.answer.status)).toEqual([200, 200]);
    expect(recorded[0]?.answer.observed?.user).toEqual({
      limit: 50,
      remaining: 49,
      resetAt: 1_700_000_900_000,
    });
    expect(recorded[0]?.answer.observed?.account?.remaining).toBe(7);
    // Another user of the same account: another principal, the same account window.
    const other = client.withAuth({ token: { token: "another-token", tokenSecret: "s" } });
    await other.campaigns.list({ account_id: ACCOUNT });
    expect(reserved[2]?.principal).not.toBe(key?.principal);
    expect(reserved[2]?.accountId).toBe(ACCOUNT);
    await client.close();
  });

  it("spends the account window on GETs only, as ads-api counts", async () => {
    server = await startScriptedServer(() => json(200, singleEnvelope(campaign("c9"))));
    const { budget, reserved } = scriptedBudget();
    const client = clientFor(server, { rateLimit: { budget } });
    await client.campaigns.create({ account_id: ACCOUNT, name: "x", funding_instrument_id: "f" });
    expect(reserved).toHaveLength(1);
    expect(reserved[0]).toMatchObject({ family: "campaigns", accountId: undefined });
    await client.close();
  });

  it("keys app-only bearer calls by the app, and credential endpoints not at all", async () => {
    server = await startScriptedServer((request) =>
      request.path === "/oauth2/token"
        ? json(200, { token_type: "bearer", access_token: SECRETS.bearerToken })
        : json(200, { data: [{ id: "1", text: "hello" }] }),
    );
    const { budget, reserved, recorded } = scriptedBudget();
    const client = clientFor(server, {
      auth: { consumer: TEST_AUTH.consumer },
      rateLimit: { budget },
    });
    await client.post_data.posts.lookup({ ids: ["1"] });
    // The token request (a credential endpoint) is not counted; the lookup is, as the app's.
    expect(reserved).toHaveLength(1);
    expect(reserved[0]?.principal).toMatch(/^app:[0-9a-f]{64}$/);
    expect(recorded.map((r) => r.answer)).toEqual([{ status: 200, observed: undefined }]);
    expect(JSON.stringify(reserved)).not.toContain(SECRETS.bearerToken);
    await client.close();
  });

  it("waits as long as the budget says, announcing each wait, then sends once", async () => {
    const time = fakeTime();
    server = await startScriptedServer(() => json(200, listEnvelope([], null)));
    const { budget, reserved } = scriptedBudget([25, 25, 30_000]);
    const retries: RetryEvent[] = [];
    const client = clientFor(server, {
      clock: time.clock,
      sleep: time.sleep,
      rateLimit: { budget },
      hooks: { onRetry: (e) => retries.push(e) },
    });
    await client.campaigns.list({ account_id: ACCOUNT });
    expect(time.sleeps).toEqual([25, 25, 30_000]);
    expect(reserved).toHaveLength(4);
    expect(retries.map((r) => [r.reason, r.delayMs])).toEqual([
      ["rate_limit", 25],
      ["rate_limit", 25],
      ["rate_limit", 30_000],
    ]);
    expect(server.requests).toHaveLength(1);
    await client.close();
  });

  it("refuses to send when the budget's wait passes maxWaitMs", async () => {
    const time = fakeTime();
    server = await startScriptedServer(() => json(200, listEnvelope([], null)));
    const { budget } = scriptedBudget([50_000, 50_000]);
    const client = clientFor(server, {
      clock: time.clock,
      sleep: time.sleep,
      rateLimit: { budget, maxWaitMs: 60_000 },
    });
    const error = await client.campaigns.list({ account_id: ACCOUNT }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestRateLimitError);
    expect(error).toMatchObject({ sent: false, waitedMs: 50_000, maxWaitMs: 60_000 });
    expect(server.requests).toHaveLength(0);
    await client.close();
  });

  it("goes by its own book while the budget is unreachable, and never fails for it", async () => {
    const time = fakeTime();
    server = await startScriptedServer(() =>
      json(200, listEnvelope([], null), {
        "x-rate-limit-remaining": "0",
        "x-rate-limit-reset": seconds(time.now() + 40_000),
      }),
    );
    const down = new Error("ECONNREFUSED");
    const budget: RateLimitBudget = {
      reserve: () => Promise.reject(down),
      record: () => Promise.reject(down),
    };
    const client = clientFor(server, {
      clock: time.clock,
      sleep: time.sleep,
      rateLimit: { budget, padMs: 0 },
    });
    await client.campaigns.list({ account_id: ACCOUNT });
    expect(time.sleeps).toEqual([]);
    // The book learned remaining 0 from the first answer: it waits for the reset.
    await client.campaigns.list({ account_id: ACCOUNT });
    expect(time.sleeps).toEqual([
      Math.floor((Date.UTC(2025, 0, 1, 12) + 40_000) / 1000) * 1000 - Date.UTC(2025, 0, 1, 12),
    ]);
    expect(server.requests).toHaveLength(2);
    await client.close();
  });

  it("leaves the book's waiting alone when the budget says go", async () => {
    server = await startScriptedServer(() =>
      json(200, listEnvelope([], null), {
        "x-rate-limit-remaining": "0",
        "x-rate-limit-reset": seconds(Date.now() + 600_000),
      }),
    );
    const { budget } = scriptedBudget();
    const client = clientFor(server, { rateLimit: { budget, maxWaitMs: 1 } });
    // The shared budget decides (it knows what every replica spent); the book's view is local.
    await client.campaigns.list({ account_id: ACCOUNT });
    await client.campaigns.list({ account_id: ACCOUNT });
    expect(server.requests).toHaveLength(2);
    await client.close();
  });
});

describe("a call's credit (rateLimit.credit)", () => {
  it("sends a credited attempt without reserving, and reserves the attempts it does not credit", async () => {
    server = await startScriptedServer(() => json(200, listEnvelope([campaign("c1")], null)));
    const { budget, reserved } = scriptedBudget([60_000]);
    const client = clientFor(server, { rateLimit: { budget } });
    const asked: RateLimitBudgetKey[] = [];
    let left = 1;
    const credit = {
      take(key: RateLimitBudgetKey) {
        asked.push(key);
        if (left === 0) return false;
        left -= 1;
        return true;
      },
    };
    // The budget would make the first reservation wait a minute: the credited attempt never asks.
    await client.campaigns.list({ account_id: ACCOUNT }, { rateLimit: { credit } });
    expect(reserved).toHaveLength(0);
    expect(asked[0]).toMatchObject({ family: "campaigns", accountId: ACCOUNT });
    // Credit spent: the next call reserves, and with no wait allowed it fails unsent.
    await expect(
      client.campaigns.list({ account_id: ACCOUNT }, { rateLimit: { credit, maxWaitMs: 0 } }),
    ).rejects.toBeInstanceOf(RestRateLimitError);
    expect(reserved).toHaveLength(1);
    expect(server.requests).toHaveLength(1);
    await client.close();
  });

  it("names the windows the same way without a shared budget, and skips the book's wait", async () => {
    server = await startScriptedServer(() =>
      json(200, listEnvelope([campaign("c1")], null), {
        "x-rate-limit-limit": "50",
        "x-rate-limit-remaining": "0",
        "x-rate-limit-reset": String(Math.floor(Date.now() / 1000) + 600),
      }),
    );
    const client = clientFor(server);
    await client.campaigns.list({ account_id: ACCOUNT });
    const keys: RateLimitBudgetKey[] = [];
    const credit = {
      take: (key: RateLimitBudgetKey) => {
        keys.push(key);
        return true;
      },
    };
    // The book knows the window is spent; the credit says this attempt was counted already.
    await client.campaigns.list({ account_id: ACCOUNT }, { rateLimit: { credit, maxWaitMs: 0 } });
    expect(keys[0]?.principal).toMatch(/^user:[0-9a-f]{64}$/);
    expect(server.requests).toHaveLength(2);
    await client.close();
  });
});

describe("an injected bearer cache (bearerCache)", () => {
  it("is built over the client's token source and told which token a 401 refused", async () => {
    let minted = 0;
    server = await startScriptedServer((request) => {
      if (request.path === "/oauth2/token") {
        minted += 1;
        return json(200, {
          token_type: "bearer",
          access_token: `${SECRETS.bearerToken}-${minted}`,
        });
      }
      return request.headers.authorization?.endsWith("-1") === true
        ? json(401, { errors: [{ code: 89, message: "Invalid or expired token" }] })
        : json(200, { data: [{ id: "1", text: "hello" }] });
    });
    const evicted: Array<string | undefined> = [];
    const bearerCache = (source: BearerTokenSource): BearerTokenCache => {
      const inner = createBearerTokenCache(source);
      return {
        get: (consumer, options) => inner.get(consumer, options),
        invalidate: (consumer, owner) => inner.invalidate(consumer, owner),
        evict: (consumerKey, token) => {
          evicted.push(token);
          inner.evict(consumerKey, token);
        },
      };
    };
    const client = clientFor(server, { auth: { consumer: TEST_AUTH.consumer }, bearerCache });
    await client.post_data.posts.lookup({ ids: ["1"] });
    expect(evicted).toEqual([`${SECRETS.bearerToken}-1`]);
    expect(server.requests.map((r) => r.path)).toEqual([
      "/oauth2/token",
      "/2/posts",
      "/oauth2/token",
      "/2/posts",
    ]);
    await client.close();
  });
});
