import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hooks } from "../src/index.js";
import { clientFor, fakeTime, SECRETS, TEST_AUTH } from "./support/client.js";
import { json, startScriptedServer } from "./support/scripted-server.js";
import type { ScriptedServer } from "./support/scripted-server.js";

const echo = `token ${SECRETS.token} with secret ${SECRETS.tokenSecret}, consumer ${SECRETS.consumerSecret}, bearer ${SECRETS.bearerToken}`;

let server: ScriptedServer;
const seen: unknown[] = [];
const hooks: Hooks = {
  onRequest: (e) => seen.push(e),
  onResponse: (e) => seen.push(e),
  onRetry: (e) => seen.push(e),
  onError: (e) => seen.push(e),
};

beforeAll(async () => {
  server = await startScriptedServer((request) => {
    switch (request.path) {
      case "/oauth2/token":
        return json(403, {
          errors: [{ code: 99, message: `too often for ${SECRETS.consumerSecret}` }],
        });
      case "/12/accounts/echo401":
        return json(401, { errors: [{ code: 89, message: echo }] });
      case "/12/accounts/echoheader":
        return json(400, {
          errors: [
            {
              code: "BAD",
              message: `got Authorization: ${String(request.headers.authorization)}`,
              parameter: "authorization",
            },
          ],
        });
      case "/12/accounts/limited":
        return json(
          429,
          { errors: [{ code: 88, message: echo }] },
          { "x-rate-limit-remaining": "0", "x-rate-limit-reset": "4102444800" },
        );
      case "/12/accounts/garbage":
        return json(200, { request: { params: {} }, data: { echo } });
      case "/12/accounts/reset/campaigns":
        return { reset: true };
      case "/oauth2/invalidate_token":
        return json(400, { errors: [{ code: 1, message: `cannot revoke ${request.body}` }] });
      case "/oauth/request_token":
        return {
          status: 200,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: `oauth_token=t&oauth_token_secret=${SECRETS.tokenSecret}&oauth_callback_confirmed=false`,
        };
      case "/oauth/access_token":
        return json(401, {
          errors: [
            {
              code: 32,
              message: `bad oauth_verifier=${SECRETS.token} ${String(request.headers.authorization)}`,
            },
          ],
        });
      default:
        return { delayMs: 5000, then: json(200, {}) };
    }
  });
});

afterAll(async () => {
  await server.close();
});

function texts(value: unknown): string[] {
  const out = [
    inspect(value, { depth: 30, showHidden: true }),
    (JSON.stringify(value) as string | undefined) ?? "",
  ];
  if (value instanceof Error) out.push(String(value), value.message, value.stack ?? "");
  return out;
}

describe("no secret in any error, message or hook payload", () => {
  it("masks credentials wherever a failure could carry them", async () => {
    const time = fakeTime();
    const client = clientFor(server, {
      hooks,
      retry: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 1 },
    });
    const bearerClient = clientFor(server, {
      hooks,
      auth: { ...TEST_AUTH, bearerToken: SECRETS.bearerToken },
    });
    const appBearer = clientFor(server, {
      hooks,
      auth: { consumer: TEST_AUTH.consumer, bearerToken: SECRETS.bearerToken },
    });
    const fetchingBearer = clientFor(server, { hooks, auth: { consumer: TEST_AUTH.consumer } });
    const limited = clientFor(server, {
      hooks,
      clock: time.clock,
      sleep: time.sleep,
      rateLimit: { maxWaitMs: 1000 },
    });
    const failures: unknown[] = [];
    const scenarios = [
      () => client.accounts.get({ account_id: "echo401" }),
      () => client.accounts.get({ account_id: "echoheader" }),
      () => client.accounts.get({ account_id: "garbage" }),
      () => client.campaigns.create({ account_id: "reset", name: "x", funding_instrument_id: "f" }),
      () => client.accounts.get({ account_id: "slow" }, { timeoutMs: 100 }),
      () => limited.accounts.get({ account_id: "limited" }),
      () => fetchingBearer.post_data.posts.lookup({ ids: ["1"] }),
      // A secret passed where a digit id belongs is echoed by the violation: masked by value.
      () => appBearer.post_data.posts.lookup({ ids: [SECRETS.bearerToken] }),
      // A credential-named parameter never shows its value.
      () => client.call("oauth2.invalidate_token", { access_token: 42 } as never),
      () => client.oauth.access_token({ oauth_token: SECRETS.token, oauth_verifier: "" }),
      // The revoked token sits in the form body (catalog location) and the server echoes it.
      () => bearerClient.oauth2.invalidate_token({ access_token: SECRETS.bearerToken }),
      // spec §4.1 legs: an answer without oauth_callback_confirmed=true carries the secret...
      () => client.oauth.request_token({ oauth_callback: "oob" }),
      // ... and a refusal echoing the verifier and the signed header.
      () =>
        client.oauth.access_token(
          { oauth_token: "rt", oauth_verifier: SECRETS.token },
          { token: { token: "rt", tokenSecret: SECRETS.tokenSecret } },
        ),
    ];
    for (const run of scenarios) {
      failures.push(
        await run().then(
          () => new Error("expected a failure"),
          (error: unknown) => error,
        ),
      );
    }

    expect(failures.map((e) => (e as Error).name)).toEqual([
      "RestAuthError",
      "RestApiError",
      "RestProtocolError",
      "RestNetworkError",
      "RestTimeoutError",
      "RestRateLimitError",
      "RestAuthError",
      "RestValidationError",
      "RestValidationError",
      "RestValidationError",
      "RestApiError",
      "RestProtocolError",
      "RestAuthError",
    ]);
    const haystack = [...failures, ...seen].flatMap(texts).join("\n");
    expect(seen.length).toBeGreaterThan(10);
    for (const secret of Object.values(SECRETS)) expect(haystack).not.toContain(secret);
    expect(haystack).toContain("[REDACTED]");
    await Promise.all([
      client.close(),
      bearerClient.close(),
      appBearer.close(),
      fetchingBearer.close(),
      limited.close(),
    ]);
  });
});
