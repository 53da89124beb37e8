import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { requestBearerToken } from "../src/client/bearer.js";
import { createBearerTokenCache } from "../src/client/bearer-cache.js";
import {
  BearerRateLimitedError,
  BearerTokenError,
  OAuthErrorCode,
  OAuthHttpError,
} from "../src/errors.js";
import { startOAuthServer } from "./helpers/oauth-server.js";
import type { TestServer } from "./helpers/oauth-server.js";

const app = {
  consumerKey: "bearer app key",
  consumerSecret: "bearer+secret/with:odd=chars",
  owner: { token: "1-owner-token", tokenSecret: "owner-token-secret" },
};
const rateLimited = {
  status: 403,
  body: JSON.stringify({ errors: [{ code: 99, message: "Unable to verify your credentials" }] }),
};

let server: TestServer;
beforeEach(async () => {
  server = await startOAuthServer(app);
});
afterEach(async () => {
  await server.close();
});

const tokenHits = () => server.hits.get("/oauth2/token") ?? 0;

describe("requestBearerToken", () => {
  it("sends form-encoded Basic credentials and grant_type=client_credentials", async () => {
    // The server checks Basic credentials, content type and body; a mismatch would be 400/403.
    const token = await requestBearerToken({ baseUrl: server.baseUrl, consumer: app });
    expect(token).toBe(server.bearerToken);
  });

  it("refuses an answer that is not a bearer token", async () => {
    server.canned.set("/oauth2/token", [
      { status: 200, body: JSON.stringify({ token_type: "mac", access_token: "x" }) },
      { status: 200, body: JSON.stringify({ token_type: "bearer" }) },
      { status: 200, body: "not json" },
    ]);
    const config = { baseUrl: server.baseUrl, consumer: app };
    await expect(requestBearerToken(config)).rejects.toBeInstanceOf(BearerTokenError);
    await expect(requestBearerToken(config)).rejects.toBeInstanceOf(BearerTokenError);
    await expect(requestBearerToken(config)).rejects.toMatchObject({
      code: OAuthErrorCode.MALFORMED_RESPONSE,
    });
  });

  it("turns 403 code 99 into BearerRateLimitedError and other refusals into OAuthHttpError", async () => {
    server.canned.set("/oauth2/token", [rateLimited, { status: 403, body: "{}" }]);
    const config = { baseUrl: server.baseUrl, consumer: app };
    await expect(requestBearerToken(config)).rejects.toBeInstanceOf(BearerRateLimitedError);
    const other = await requestBearerToken(config).catch((e: unknown) => e);
    expect(other).toBeInstanceOf(OAuthHttpError);
    expect(other).not.toBeInstanceOf(BearerRateLimitedError);
  });
});

describe("createBearerTokenCache", () => {
  it("makes one token request for 100 concurrent callers, and a new one after invalidation", async () => {
    server.tokenDelayMs = 30;
    const cache = createBearerTokenCache({ baseUrl: server.baseUrl });
    const tokens = await Promise.all(Array.from({ length: 100 }, () => cache.get(app)));
    expect(tokenHits()).toBe(1);
    expect(new Set(tokens).size).toBe(1);
    const first = tokens[0];

    expect(await cache.get(app)).toBe(first);
    expect(tokenHits()).toBe(1);

    await cache.invalidate(app, app.owner);
    // The server checked the OAuth 1.0a signature with the owner's token and revoked it.
    expect(server.verified.get("/oauth2/invalidate_token")?.token).toBe(app.owner.token);
    expect(server.bearerToken).toBeUndefined();

    const after = await Promise.all(Array.from({ length: 100 }, () => cache.get(app)));
    expect(tokenHits()).toBe(2);
    expect(new Set(after).size).toBe(1);
    expect(after[0]).not.toBe(first);
  });

  it("lets one caller stop waiting when its signal aborts, while the others get the token", async () => {
    server.tokenDelayMs = 200;
    const cache = createBearerTokenCache({ baseUrl: server.baseUrl });
    const controller = new AbortController();
    const impatient = cache.get(app, { signal: controller.signal });
    const patient = cache.get(app);
    controller.abort(new Error("caller gave up"));
    await expect(impatient).rejects.toThrow("caller gave up");
    expect(await patient).toBe(server.bearerToken);
    expect(tokenHits()).toBe(1);
    await expect(cache.get(app, { signal: controller.signal })).rejects.toThrow("caller gave up");
    expect(await cache.get(app)).toBe(server.bearerToken);
  });

  it("makes callers that arrive during an invalidation wait for a new token", async () => {
    const cache = createBearerTokenCache({ baseUrl: server.baseUrl });
    const first = await cache.get(app);
    const invalidation = cache.invalidate(app, app.owner);
    const during = cache.get(app);
    await invalidation;
    expect(await during).not.toBe(first);
    expect(tokenHits()).toBe(2);
  });

  it("shares a code 99 failure among concurrent callers, caches nothing, and never retries by itself", async () => {
    server.tokenDelayMs = 20;
    server.canned.set("/oauth2/token", [rateLimited]);
    const cache = createBearerTokenCache({ baseUrl: server.baseUrl });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => cache.get(app)));
    expect(
      results.every((r) => r.status === "rejected" && r.reason instanceof BearerRateLimitedError),
    ).toBe(true);
    expect(tokenHits()).toBe(1);

    // The next caller tries again, once.
    const token = await cache.get(app);
    expect(token).toBe(server.bearerToken);
    expect(tokenHits()).toBe(2);
  });

  it("keys tokens by consumer key and never hands a token to a caller with another secret", async () => {
    const cache = createBearerTokenCache({ baseUrl: server.baseUrl });
    await cache.get(app);
    await expect(cache.get({ ...app, consumerSecret: "guess" })).rejects.toMatchObject({
      status: 403,
    });
    expect(tokenHits()).toBe(2);
    // The failed attempt dropped the entry: the right secret fetches again.
    await cache.get(app);
    expect(tokenHits()).toBe(3);
  });

  it("evicts without revoking", async () => {
    const cache = createBearerTokenCache({ baseUrl: server.baseUrl });
    const token = await cache.get(app);
    cache.evict(app.consumerKey);
    expect(await cache.get(app)).toBe(token);
    expect(tokenHits()).toBe(2);
    expect(server.hits.get("/oauth2/invalidate_token")).toBeUndefined();
  });

  it("still forgets the token when invalidation fails", async () => {
    const cache = createBearerTokenCache({ baseUrl: server.baseUrl });
    await cache.get(app);
    const wrongOwner = { token: app.owner.token, tokenSecret: "wrong" };
    await expect(cache.invalidate(app, wrongOwner)).rejects.toMatchObject({ status: 401 });
    await cache.get(app);
    expect(tokenHits()).toBe(2);
  });
});
