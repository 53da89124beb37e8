import { createRequestVerifier } from "@adsgraph/oauth";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  REST_CLIENT_ERROR_CODES,
  RestAbortedError,
  RestAuthError,
  RestClientError,
} from "../src/index.js";
import { clientFor, SECRETS, TEST_AUTH } from "./support/client.js";
import { campaign, listEnvelope, singleEnvelope } from "./support/fixtures.js";
import { json, startScriptedServer } from "./support/scripted-server.js";
import type { RecordedRequest, ScriptedServer } from "./support/scripted-server.js";

let server: ScriptedServer | undefined;
/** An app's client (no user token): post reads, like reference data, send the app-only bearer. */
const APP_ONLY = { auth: { consumer: TEST_AUTH.consumer } };

afterEach(async () => {
  await server?.close();
  server = undefined;
});

function verifier(tokens: Record<string, string>) {
  return createRequestVerifier({
    lookupConsumerSecret: (key) =>
      key === TEST_AUTH.consumer.consumerKey ? SECRETS.consumerSecret : undefined,
    lookupToken: (token) =>
      tokens[token] === undefined ? undefined : { status: "active", secret: tokens[token] },
  });
}

function asVerifiable(s: ScriptedServer, request: RecordedRequest) {
  return {
    method: request.method,
    url: `${s.url}${request.path}${request.rawQuery === "" ? "" : `?${request.rawQuery}`}`,
    headers: request.headers as Record<string, string>,
    body: request.body,
  };
}

/**
 * Hands out numbered bearer tokens and refuses the first one (401, 89), as if it had been
 * invalidated elsewhere: the client should fetch a new one once.
 */
function refusingFirstBearer() {
  let tokens = 0;
  return (request: RecordedRequest) => {
    if (request.path === "/oauth2/token") {
      tokens += 1;
      return json(200, { token_type: "bearer", access_token: `${SECRETS.bearerToken}-${tokens}` });
    }
    return request.headers.authorization?.endsWith("-1") === true
      ? json(401, { errors: [{ code: 89, message: "Invalid or expired token" }] })
      : json(200, { data: [], request: { params: {} } });
  };
}

describe("authentication per call kind", () => {
  it("signs user-context calls with OAuth 1.0a that packages/oauth verifies, tricky characters included", async () => {
    server = await startScriptedServer(() => json(200, listEnvelope([], null)));
    const client = clientFor(server, { userAgent: "ads-tests/1.0" });
    await client.campaigns.list({ account_id: "acc1", q: "50% off* (it's) ~ok!" });
    const sent = server.requests[0];
    if (sent === undefined) throw new Error("nothing sent");
    expect(sent.headers["user-agent"]).toBe("ads-tests/1.0");
    expect(sent.headers.authorization).toMatch(/^OAuth /);
    const verified = await verifier({ [SECRETS.token]: SECRETS.tokenSecret }).verify(
      asVerifiable(server, sent),
      "protected",
    );
    expect(verified.token).toBe(SECRETS.token);
    await client.close();
  });

  it("signs form bodies too (oauth2.invalidate_token is signed with the owner's token)", async () => {
    server = await startScriptedServer(() => json(200, { access_token: "revoked" }));
    const client = clientFor(server);
    const owner = { token: "owner-token", tokenSecret: "owner-secret" };
    await client.oauth2.invalidate_token({ access_token: "abc" }, { token: owner });
    const sent = server.requests[0];
    if (sent === undefined) throw new Error("nothing sent");
    // spec §4.1: the token to revoke goes in the form body, never on the query string.
    expect(sent.rawQuery).toBe("");
    expect(sent.body).toBe("access_token=abc");
    await expect(
      verifier({ "owner-token": "owner-secret" }).verify(asVerifiable(server, sent), "protected"),
    ).resolves.toBeDefined();
    await client.close();
  });

  it("sends oauth_callback in the Authorization header for request_token", async () => {
    server = await startScriptedServer(() => ({
      status: 200,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "oauth_token=rt&oauth_token_secret=rts&oauth_callback_confirmed=true",
    }));
    const client = clientFor(server);
    const answer = await client.oauth.request_token({ oauth_callback: "oob" });
    expect(answer.oauth_token).toBe("rt");
    const sent = server.requests[0];
    if (sent === undefined) throw new Error("nothing sent");
    expect(sent.rawQuery).toBe("");
    expect(sent.headers.authorization).toContain('oauth_callback="oob"');
    const verified = await verifier({}).verify(asVerifiable(server, sent), "request_token");
    expect(verified.callback).toBe("oob");
    await client.close();
  });

  it("sends oauth_token and oauth_verifier in the header for access_token, signed with the request token", async () => {
    server = await startScriptedServer(() => ({
      status: 200,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "oauth_token=at&oauth_token_secret=ats&user_id=12&screen_name=ann",
    }));
    const client = clientFor(server);
    const requestToken = { token: "rt", tokenSecret: "rts" };
    const answer = await client.call(
      "oauth.access_token",
      { oauth_token: "rt", oauth_verifier: "1234" },
      { token: requestToken },
    );
    expect(answer).toMatchObject({ oauth_token: "at", user_id: "12" });
    const sent = server.requests[0];
    if (sent === undefined) throw new Error("nothing sent");
    expect(sent.rawQuery).toBe("");
    expect(sent.body).toBe("");
    expect(sent.headers.authorization).toContain('oauth_verifier="1234"');
    const verified = await verifier({ rt: "rts" }).verify(
      asVerifiable(server, sent),
      "access_token",
    );
    expect(verified).toMatchObject({ token: "rt", verifier: "1234" });
    await client.close();
  });

  it("fetches the app-only bearer token once with Basic credentials and caches it", async () => {
    server = await startScriptedServer((request) =>
      request.path === "/oauth2/token"
        ? json(200, { token_type: "bearer", access_token: SECRETS.bearerToken })
        : json(200, { data: [{ id: "1", text: "hello" }] }),
    );
    const client = clientFor(server, APP_ONLY);
    await client.post_data.posts.lookup({ ids: ["1"] });
    await client.post_data.posts.lookup({ ids: ["1"] });
    expect(server.requests.map((r) => r.path)).toEqual(["/oauth2/token", "/2/posts", "/2/posts"]);
    expect(server.requests[0]?.headers.authorization).toMatch(/^Basic /);
    expect(server.requests[0]?.body).toBe("grant_type=client_credentials");
    expect(server.requests[1]?.headers.authorization).toBe(`Bearer ${SECRETS.bearerToken}`);
    await client.close();
  });

  it("reports the bearer token's fetch to the client's hooks, as any call and without the token", async () => {
    server = await startScriptedServer((request) =>
      request.path === "/oauth2/token"
        ? json(200, { token_type: "bearer", access_token: SECRETS.bearerToken })
        : json(200, { data: [{ id: "1", text: "hello" }] }),
    );
    const seen: string[] = [];
    const events: unknown[] = [];
    const client = clientFor(server, {
      ...APP_ONLY,
      hooks: {
        onRequest: (event) => {
          seen.push(`request ${event.endpointId}`);
          events.push(event);
        },
        onResponse: (event) => {
          seen.push(`response ${event.endpointId} ${event.status}`);
          events.push(event);
        },
      },
    });
    await client.post_data.posts.lookup({ ids: ["1"] });
    // The token is fetched while the lookup is signed, before the lookup is sent.
    expect(seen).toEqual([
      "request oauth2.token",
      "response oauth2.token 200",
      "request post_data.posts.lookup",
      "response post_data.posts.lookup 200",
    ]);
    expect(JSON.stringify(events)).not.toContain(SECRETS.bearerToken);
    expect(JSON.stringify(events)).not.toContain(SECRETS.consumerSecret);
    await client.close();
  });

  it("reports a refused bearer token fetch through onResponse and onError", async () => {
    server = await startScriptedServer(() =>
      json(403, { errors: [{ code: 99, message: "Unable to verify your credentials" }] }),
    );
    const seen: string[] = [];
    const client = clientFor(server, {
      ...APP_ONLY,
      hooks: {
        onResponse: (event) => seen.push(`response ${event.endpointId} ${event.status}`),
        onError: (event) => seen.push(`error ${event.endpointId} ${event.error.code}`),
      },
    });
    await expect(client.post_data.posts.lookup({ ids: ["1"] })).rejects.toThrow(RestAuthError);
    expect(seen.slice(0, 2)).toEqual([
      "response oauth2.token 403",
      `error oauth2.token ${REST_CLIENT_ERROR_CODES.AUTHENTICATION}`,
    ]);
    await client.close();
  });

  it("refetches the bearer token once after a 401", async () => {
    server = await startScriptedServer(refusingFirstBearer());
    const client = clientFor(server, APP_ONLY);
    await client.post_data.posts.lookup({ ids: ["1"] });
    expect(server.requests.map((r) => r.path)).toEqual([
      "/oauth2/token",
      "/2/posts",
      "/oauth2/token",
      "/2/posts",
    ]);
    await client.close();
  });

  it("reads reference data with the app-only bearer when the client has no user token, else signs as the user", async () => {
    server = await startScriptedServer(refusingFirstBearer());
    const app = clientFor(server, { auth: { consumer: TEST_AUTH.consumer } });
    await app.bidding_rules.list({ currency: "USD" });
    expect(server.requests.map((r) => r.path)).toEqual([
      "/oauth2/token",
      "/12/bidding_rules",
      "/oauth2/token",
      "/12/bidding_rules",
    ]);
    expect(server.requests[3]?.headers.authorization).toBe(`Bearer ${SECRETS.bearerToken}-2`);

    const user = clientFor(server);
    await user.bidding_rules.list({});
    const signed = server.requests[4];
    if (signed === undefined) throw new Error("nothing sent");
    expect(signed.headers.authorization).toMatch(/^OAuth /);
    await expect(
      verifier({ [SECRETS.token]: SECRETS.tokenSecret }).verify(
        asVerifiable(server, signed),
        "protected",
      ),
    ).resolves.toBeDefined();
    await app.close();
    await user.close();
  });

  it("signs post reads as the user on a user client, as the vendor's clients do (issue 33)", async () => {
    const post = { id: "1", text: "hello" };
    server = await startScriptedServer((request) =>
      json(200, { data: request.path === "/2/posts" ? [post] : post }),
    );
    const user = clientFor(server);
    await user.post_data.posts.lookup({ ids: ["1"] });
    await user.post_data.posts.get({ id: "1" });
    expect(server.requests.map((r) => r.path)).toEqual(["/2/posts", "/2/posts/1"]);
    for (const signed of server.requests) {
      await expect(
        verifier({ [SECRETS.token]: SECRETS.tokenSecret }).verify(
          asVerifiable(server, signed),
          "protected",
        ),
      ).resolves.toBeDefined();
    }
    await user.close();
  });

  it("stops waiting for a slow bearer token when the caller aborts", async () => {
    // The token endpoint answers only once released: an abort must end the call before that.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    server = await startScriptedServer(async () => {
      await released;
      return json(200, { token_type: "bearer", access_token: SECRETS.bearerToken });
    });
    const client = clientFor(server, { auth: { consumer: TEST_AUTH.consumer } });
    const controller = new AbortController();
    const call = client.bidding_rules.list({}, { signal: controller.signal });
    await vi.waitFor(() => {
      expect(server?.requests).toHaveLength(1);
    });
    controller.abort();
    await expect(call).rejects.toBeInstanceOf(RestAbortedError);
    release();
    expect(server.requests.map((r) => r.path)).toEqual(["/oauth2/token"]);
    await client.close();
  });

  it("names an invalidated token (401, code 89)", async () => {
    server = await startScriptedServer(() =>
      json(401, { errors: [{ code: 89, message: "Invalid or expired token." }] }),
    );
    const client = clientFor(server);
    const error = await client.accounts.get({ account_id: "acc1" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestAuthError);
    expect((error as RestAuthError).reason).toBe("invalidated_token");
    expect((error as RestAuthError).status).toBe(401);
    expect((error as RestAuthError).message).toMatch(/code 89.*OAuth flow/);
    expect(server.requests).toHaveLength(1);
    await client.close();
  });

  it("sends nothing when the endpoint's credentials are missing", async () => {
    server = await startScriptedServer([]);
    const client = clientFor(server, { auth: {} });
    const error = await client.campaigns.list({ account_id: "acc1" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestClientError);
    expect((error as RestClientError).code).toBe(REST_CLIENT_ERROR_CODES.MISSING_CREDENTIALS);
    await expect(client.post_data.posts.lookup({ ids: ["1"] })).rejects.toMatchObject({
      code: REST_CLIENT_ERROR_CODES.MISSING_CREDENTIALS,
    });
    expect(server.requests).toHaveLength(0);
    await client.close();
  });

  it("uses a per-call token, and withAuth derives a client for another user", async () => {
    server = await startScriptedServer(() => json(200, singleEnvelope(campaign("c1"))));
    const client = clientFor(server);
    const other = { token: "user2-token", tokenSecret: "user2-secret" };
    await client.campaigns.get({ account_id: "a", campaign_id: "c1" }, { token: other });
    const derived = client.withAuth({ token: other });
    await derived.campaigns.get({ account_id: "a", campaign_id: "c1" });
    await derived.close(); // leaves the shared pool open
    await client.campaigns.get({ account_id: "a", campaign_id: "c1" });
    const tokens = server.requests.map(
      (r) => /oauth_token="([^"]+)"/.exec(r.headers.authorization ?? "")?.[1],
    );
    expect(tokens).toEqual(["user2-token", "user2-token", SECRETS.token]);
    await client.close();
  });

  it("keeps signing each token with its own key across calls (signers are kept per token)", async () => {
    server = await startScriptedServer(() => json(200, singleEnvelope(campaign("c1"))));
    const client = clientFor(server);
    const other = { token: "user2-token", tokenSecret: "user2-secret" };
    const params = { account_id: "a", campaign_id: "c1" };
    // The client's token, a call's token, the client's again: each signed with its own secret.
    await client.campaigns.get(params);
    await client.campaigns.get(params, { token: other });
    await client.campaigns.get(params);
    await client.campaigns.get(params, { token: other });
    const check = verifier({ [SECRETS.token]: SECRETS.tokenSecret, "user2-token": "user2-secret" });
    const verified = [];
    for (const sent of server.requests) {
      verified.push((await check.verify(asVerifiable(server, sent), "protected")).token);
    }
    expect(verified).toEqual([SECRETS.token, "user2-token", SECRETS.token, "user2-token"]);
    const nonces = server.requests.map(
      (r) => /oauth_nonce="([^"]+)"/.exec(r.headers.authorization ?? "")?.[1],
    );
    expect(new Set(nonces).size).toBe(4);
    await client.close();
  });

  it("sends no Authorization header to auth-none endpoints", async () => {
    server = await startScriptedServer(() => ({ status: 200, body: "<html>approve</html>" }));
    const client = clientFor(server);
    await expect(client.oauth.authorize({ oauth_token: "rt" })).resolves.toBe(
      "<html>approve</html>",
    );
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    await client.close();
  });

  it("answers a browser page's redirect with its Location (spec §4.1 authenticate)", async () => {
    server = await startScriptedServer(() => ({
      status: 302,
      headers: { location: "https://app.example/cb?oauth_verifier=v" },
      body: "",
    }));
    const client = clientFor(server);
    const page = await client.request("oauth.authenticate", { oauth_token: "rt" });
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe("https://app.example/cb?oauth_verifier=v");
    await client.close();
  });
});
