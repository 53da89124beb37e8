import { inspect } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildAuthenticateUrl, buildAuthorizeUrl } from "../src/authorize-url.js";
import { OAuthError, toOAuthError } from "../src/errors.js";
import { buildAuthorizationHeader, parseAuthorizationHeader } from "../src/header.js";
import { signRequest } from "../src/signing/sign-request.js";
import { parseBasicAuthorization, verifyBasicAuthorization } from "../src/verify/basic.js";
import type { VerifiableRequest } from "../src/verify/request-params.js";
import { createRequestVerifier } from "../src/verify/verify-request.js";
import { createMemoryReplayStore } from "../src/verify/replay-store.js";

// Every credential used below. None may appear in any error or log output.
const SECRETS = {
  consumerSecret: "CONSUMERSECRETxq81",
  ownerToken: "OWNERTOKENzz19",
  ownerSecret: "OWNERSECRETpp42",
  accessToken: "ACCESSTOKENkk07",
  accessSecret: "ACCESSSECRETmm33",
  requestSecret: "REQUESTSECRETjj55",
  verifier: "VERIFIERhh66",
  bearer: "BEARERTOKENgg77",
  wrongSecret: "WRONGSECRETff88",
};
const app = {
  consumerKey: "leak-test-app",
  consumerSecret: SECRETS.consumerSecret,
  owner: { token: SECRETS.ownerToken, tokenSecret: SECRETS.ownerSecret },
};

const outputs: string[] = [];
const consoleSpies = (["log", "info", "warn", "error", "debug", "trace"] as const).map((method) =>
  vi.spyOn(console, method),
);

afterEach(() => {
  for (const spy of consoleSpies)
    outputs.push(...spy.mock.calls.map((args) => inspect(args, { depth: 10 })));
});

/** Runs a failure path and keeps everything a log could show of its error. */
async function capture(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    outputs.push(
      String(error),
      error instanceof Error ? (error.stack ?? "") : "",
      JSON.stringify(error),
      inspect(error, { depth: 10 }),
    );
    return error;
  }
  throw new Error("expected a failure");
}

const signedWith = (overrides: Partial<Parameters<typeof signRequest>[0]> = {}) =>
  signRequest({
    method: "POST",
    url: "https://api.example.com/x",
    consumer: app,
    token: { token: SECRETS.accessToken, tokenSecret: SECRETS.accessSecret },
    ...overrides,
  });

describe("no secret in errors or logs", () => {
  it("holds for every verification failure", async () => {
    const verifier = createRequestVerifier({
      lookupConsumerSecret: (key) => (key === app.consumerKey ? SECRETS.consumerSecret : undefined),
      lookupToken: (token) =>
        token === SECRETS.accessToken
          ? { status: "active", secret: SECRETS.accessSecret }
          : undefined,
    });
    const request = (
      authorization: string,
      url = "https://api.example.com/x",
    ): VerifiableRequest => ({
      method: "POST",
      url,
      headers: { authorization },
    });
    const good = signedWith();
    const params = parseAuthorizationHeader(good.authorization).params;
    const edit = (name: string, value: string | undefined) =>
      buildAuthorizationHeader([
        ...params.filter(([n]) => n !== name),
        ...(value === undefined ? [] : [[name, value] as const]),
      ]);

    const reasons = new Set<string>();
    const runs: (() => unknown)[] = [
      () =>
        verifier.verify(request(edit("oauth_signature", `${SECRETS.wrongSecret}=`)), "protected"),
      () => verifier.verify(request(edit("oauth_token", SECRETS.ownerToken)), "protected"),
      () => verifier.verify(request(edit("oauth_nonce", undefined)), "protected"),
      () => verifier.verify(request(edit("oauth_timestamp", "1")), "protected"),
      () => verifier.verify(request(edit("oauth_nonce", `${SECRETS.verifier} é`)), "protected"),
      () =>
        verifier.verify(
          request(`${good.authorization}, oauth_token="${SECRETS.accessSecret}"`),
          "protected",
        ),
      () => verifier.verify(request(`OAuth oauth_token=${SECRETS.accessToken}`), "protected"),
      () =>
        verifier.verify(
          request(good.authorization, `https://api.example.com/x?oauth_token=${SECRETS.bearer}`),
          "protected",
        ),
      () =>
        verifier.verify(
          request(
            signedWith({
              consumer: { consumerKey: "other", consumerSecret: SECRETS.consumerSecret },
            }).authorization,
          ),
          "protected",
        ),
      async () => {
        await verifier.verify(request(good.authorization), "protected");
        await verifier.verify(request(good.authorization), "protected");
      },
      async () => {
        const limited = createRequestVerifier({
          lookupConsumerSecret: () => SECRETS.consumerSecret,
          lookupToken: () => ({ status: "active", secret: SECRETS.accessSecret }),
          replayStore: createMemoryReplayStore({ maxPerClient: 1 }),
        });
        await limited.verify(request(signedWith().authorization), "protected");
        await limited.verify(request(signedWith().authorization), "protected");
      },
      () =>
        verifyBasicAuthorization(
          `Basic ${Buffer.from(`${app.consumerKey}:${SECRETS.wrongSecret}`).toString("base64")}`,
          () => SECRETS.consumerSecret,
        ),
      () =>
        parseBasicAuthorization(
          `Basic ${Buffer.from(`${SECRETS.consumerSecret}%zz:x`).toString("base64")}`,
        ),
      () =>
        parseAuthorizationHeader(
          `OAuth oauth_token="${SECRETS.accessToken}", oauth_token="${SECRETS.accessToken}"`,
        ),
      () => parseAuthorizationHeader(`OAuth oauth_signature="${SECRETS.accessSecret}%G0"`),
      () => signedWith({ nonce: () => `${SECRETS.verifier}\n` }),
      () =>
        signedWith({
          token: { token: SECRETS.accessToken, tokenSecret: `\uD800${SECRETS.accessSecret}` },
        }),
      () => signedWith({ url: `https://api.example.com/x?oauth_token=${SECRETS.bearer}` }),
      () => signedWith({ url: `not a url ${SECRETS.bearer}` }),
    ];
    for (const run of runs) {
      const error = await capture(run);
      if (error instanceof OAuthError && "reason" in error) reasons.add(String(error.reason));
    }
    expect(reasons).toEqual(
      new Set([
        "bad_signature",
        "unknown_token",
        "missing_parameter",
        "stale_timestamp",
        "bad_parameter",
        "malformed_header",
        "duplicate_parameter",
        "unknown_consumer",
        "replay",
        "nonce_limit",
        "bad_credentials",
      ]),
    );
  });

  it("holds for the client helpers and foreign errors wrapped on the way", async () => {
    const runs: (() => unknown)[] = [
      () => buildAuthorizeUrl(`ftp://user:${SECRETS.consumerSecret}@example.com`, { token: "t" }),
      () =>
        buildAuthenticateUrl(`http://user:${SECRETS.consumerSecret}@example.com`, { token: "t" }),
      () => {
        throw toOAuthError(
          new Error(
            `socket closed, Authorization: Bearer ${SECRETS.bearer} oauth_token=${SECRETS.accessToken}`,
          ),
        );
      },
    ];
    for (const run of runs) await capture(run);
  });

  it("finds no secret anywhere in what was captured", () => {
    expect(outputs.length).toBeGreaterThan(80);
    const all = outputs.join("\n");
    // The foreign error's credentials were captured, and masked.
    expect(all).toContain("[REDACTED]");
    for (const [label, secret] of Object.entries(SECRETS)) {
      expect(all.includes(secret), `${label} leaked`).toBe(false);
    }
  });
});
