import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createBearerTokenCache } from "./bearer-cache.js";
import type { BearerTokenSource } from "./bearer-cache.js";
import type { ConsumerCredentials, TokenCredentials } from "./types.js";

const app = {
  consumerKey: "bearer app key",
  consumerSecret: "bearer+secret/with:odd=chars",
  owner: { token: "1-owner-token", tokenSecret: "owner-token-secret" },
};

class Refused extends Error {}

/**
 * An in-memory /oauth2/token and /oauth2/invalidate_token (spec §4.1): one token per app until
 * revoked, Basic credentials and the owner's token checked, answers after `delayMs`.
 */
function fakeSource() {
  const state = {
    hits: 0,
    revokes: [] as string[],
    delayMs: 0,
    current: undefined as string | undefined,
    minted: 0,
    /** Failures to answer the next fetches with, first first. */
    refusals: [] as Error[],
  };
  const source: BearerTokenSource = {
    async fetchToken(consumer: ConsumerCredentials) {
      state.hits += 1;
      await sleep(state.delayMs);
      const refusal = state.refusals.shift();
      if (refusal !== undefined) throw refusal;
      if (consumer.consumerSecret !== app.consumerSecret) throw new Refused("403: bad credentials");
      state.current ??= `bearer-${++state.minted}`;
      return state.current;
    },
    async revokeToken(_consumer: ConsumerCredentials, owner: TokenCredentials, bearer: string) {
      await sleep(state.delayMs);
      if (owner.tokenSecret !== app.owner.tokenSecret) throw new Refused("401: bad owner");
      state.revokes.push(bearer);
      if (state.current === bearer) state.current = undefined;
    },
  };
  return { state, source };
}

describe("createBearerTokenCache", () => {
  it("makes one token request for 100 concurrent callers, and a new one after invalidation", async () => {
    const { state, source } = fakeSource();
    state.delayMs = 20;
    const cache = createBearerTokenCache(source);
    const tokens = await Promise.all(Array.from({ length: 100 }, () => cache.get(app)));
    expect(state.hits).toBe(1);
    expect(new Set(tokens).size).toBe(1);
    const first = tokens[0];
    expect(await cache.get(app)).toBe(first);
    expect(state.hits).toBe(1);

    await cache.invalidate(app, app.owner);
    expect(state.revokes).toEqual([first]);

    const after = await Promise.all(Array.from({ length: 100 }, () => cache.get(app)));
    expect(state.hits).toBe(2);
    expect(new Set(after).size).toBe(1);
    expect(after[0]).not.toBe(first);
  });

  it("lets one caller stop waiting when its signal aborts, while the others get the token", async () => {
    const { state, source } = fakeSource();
    state.delayMs = 100;
    const cache = createBearerTokenCache(source);
    const controller = new AbortController();
    const impatient = cache.get(app, { signal: controller.signal });
    const patient = cache.get(app);
    controller.abort(new Error("caller gave up"));
    await expect(impatient).rejects.toThrow("caller gave up");
    expect(await patient).toBe("bearer-1");
    expect(state.hits).toBe(1);
    await expect(cache.get(app, { signal: controller.signal })).rejects.toThrow("caller gave up");
    expect(await cache.get(app)).toBe("bearer-1");
  });

  it("makes callers that arrive during an invalidation wait for a new token", async () => {
    const { state, source } = fakeSource();
    state.delayMs = 5;
    const cache = createBearerTokenCache(source);
    const first = await cache.get(app);
    const invalidation = cache.invalidate(app, app.owner);
    const during = cache.get(app);
    await invalidation;
    expect(await during).not.toBe(first);
    expect(state.hits).toBe(2);
  });

  it("shares a refusal (code 99) among concurrent callers, caches nothing, and never retries by itself", async () => {
    const { state, source } = fakeSource();
    state.delayMs = 10;
    const tooOften = new Refused("403 code 99");
    state.refusals.push(tooOften);
    const cache = createBearerTokenCache(source);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => cache.get(app)));
    expect(results.every((r) => r.status === "rejected" && r.reason === tooOften)).toBe(true);
    expect(state.hits).toBe(1);
    // The next caller tries again, once.
    expect(await cache.get(app)).toBe("bearer-1");
    expect(state.hits).toBe(2);
  });

  it("keys tokens by consumer key and never hands a token to a caller with another secret", async () => {
    const { state, source } = fakeSource();
    const cache = createBearerTokenCache(source);
    await cache.get(app);
    await expect(cache.get({ ...app, consumerSecret: "guess" })).rejects.toThrow(Refused);
    expect(state.hits).toBe(2);
    // The failed attempt dropped the entry: the right secret fetches again.
    await cache.get(app);
    expect(state.hits).toBe(3);
  });

  it("evicts without revoking", async () => {
    const { state, source } = fakeSource();
    const cache = createBearerTokenCache(source);
    const token = await cache.get(app);
    cache.evict(app.consumerKey);
    expect(await cache.get(app)).toBe(token);
    expect(state.hits).toBe(2);
    expect(state.revokes).toEqual([]);
  });

  it("evicts a refused token only while it still holds that token", async () => {
    const { state, source } = fakeSource();
    const cache = createBearerTokenCache(source);
    const refused = await cache.get(app);
    state.current = undefined; // revoked elsewhere: the API refuses it
    cache.evict(app.consumerKey, refused);
    const fresh = cache.get(app);
    // A second caller's 401 for the same old token, while the new one is being fetched.
    cache.evict(app.consumerKey, refused);
    expect(await fresh).toBe("bearer-2");
    cache.evict(app.consumerKey, refused);
    expect(await cache.get(app)).toBe("bearer-2");
    expect(state.hits).toBe(2);
  });

  it("still forgets the token when invalidation fails", async () => {
    const { state, source } = fakeSource();
    const cache = createBearerTokenCache(source);
    await cache.get(app);
    const wrongOwner = { token: app.owner.token, tokenSecret: "wrong" };
    await expect(cache.invalidate(app, wrongOwner)).rejects.toThrow(Refused);
    await cache.get(app);
    expect(state.hits).toBe(2);
  });
});
