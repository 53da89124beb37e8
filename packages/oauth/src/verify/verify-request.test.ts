import { describe, expect, it } from "vitest";
import { OAuthVerificationError } from "../errors.js";
import { buildAuthorizationHeader, parseAuthorizationHeader } from "../header.js";
import { signatureBaseString } from "../signing/base-string.js";
import { signRequest } from "../signing/sign-request.js";
import { hmacSha1Signature } from "../signing/signature.js";
import type { ParamPair } from "../types.js";
import type { VerifiableRequest } from "./request-params.js";
import {
  accessToken,
  consumer,
  NOW_MS,
  requestToken,
  signedRequest,
  urlEncoded,
  verifierAt,
} from "../../test/helpers/verify-fixtures.js";
import { createRequestVerifier } from "./verify-request.js";
import type { RequestKind, TokenLookupResult } from "./verify-request.js";
import { createMemoryReplayStore } from "./replay-store.js";

async function reasonOf(
  request: VerifiableRequest,
  kind: RequestKind = "protected",
  nowMs = NOW_MS,
) {
  try {
    await verifierAt(nowMs).verify(request, kind);
    return "ok";
  } catch (error) {
    if (!(error instanceof OAuthVerificationError)) throw error;
    return `${error.reason}${error.parameter === undefined ? "" : `:${error.parameter}`}`;
  }
}

/** Rewrites one protocol parameter in the Authorization header (undefined removes it). */
function withHeaderParam(
  request: VerifiableRequest,
  name: string,
  value: string | undefined,
): VerifiableRequest {
  const headers = request.headers as Record<string, string>;
  const params = parseAuthorizationHeader(headers.authorization ?? "").params.filter(
    ([n]) => n !== name,
  );
  const next = value === undefined ? params : [...params, [name, value] as const];
  return { ...request, headers: { ...headers, authorization: buildAuthorizationHeader(next) } };
}

describe("verifyRequest", () => {
  it("accepts a token-bearing request and returns its protocol parameters", async () => {
    const verified = await verifierAt().verify(
      signedRequest({ body: "a=1+2&b=%E2%98%83" }),
      "protected",
    );
    expect(verified.consumerKey).toBe(consumer.consumerKey);
    expect(verified.token).toBe(accessToken.token);
    expect(verified.timestamp).toBe(NOW_MS / 1000);
    expect(verified.protocolParams.get("oauth_version")).toBe("1.0");
    expect(verified.protocolParams.has("oauth_signature")).toBe(false);
  });

  it("accepts a request_token request without a token and returns the callback", async () => {
    const request = signedRequest({ token: undefined, oauthParams: { oauth_callback: "oob" } });
    const verified = await verifierAt().verify(request, "request_token");
    expect(verified.callback).toBe("oob");
    expect(verified.token).toBeUndefined();
  });

  it("accepts an access_token request signed with the request token and returns the verifier", async () => {
    const request = signedRequest({
      token: requestToken,
      oauthParams: { oauth_verifier: "pin-42" },
    });
    const verified = await verifierAt().verify(request, "access_token");
    expect(verified.verifier).toBe("pin-42");
    expect(verified.token).toBe(requestToken.token);
  });

  it("accepts protocol parameters sent in the form body (RFC 5849 §3.5.2)", async () => {
    const signed = signRequest({
      method: "POST",
      url: "https://api.example.com/x",
      consumer,
      token: accessToken,
      clock: () => NOW_MS,
    });
    const body = urlEncoded(parseAuthorizationHeader(signed.authorization).params);
    const request = {
      method: "POST",
      url: "https://api.example.com/x",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body,
    };
    expect(await reasonOf(request)).toBe("ok");
  });

  it("signs a form body but never a JSON body", async () => {
    const form = signedRequest({ body: "a=1" });
    expect(await reasonOf({ ...form, body: "a=2" })).toBe("bad_signature");
    const json = signedRequest({ url: "https://api.example.com/j" });
    const headers = {
      ...(json.headers as Record<string, string>),
      "content-type": "application/json",
    };
    const withJson = { ...json, headers, body: "a=2" };
    expect(await reasonOf(withJson)).toBe("ok");
  });

  it.each([
    ["oauth_consumer_key", "missing_parameter:oauth_consumer_key"],
    ["oauth_signature", "missing_parameter:oauth_signature"],
    ["oauth_signature_method", "missing_parameter:oauth_signature_method"],
    ["oauth_timestamp", "missing_parameter:oauth_timestamp"],
    ["oauth_nonce", "missing_parameter:oauth_nonce"],
    ["oauth_token", "missing_parameter:oauth_token"],
  ])("names a missing %s", async (name, expected) => {
    expect(await reasonOf(withHeaderParam(signedRequest({}), name, undefined))).toBe(expected);
  });

  it("requires oauth_callback for request_token and oauth_verifier for access_token", async () => {
    expect(await reasonOf(signedRequest({ token: undefined }), "request_token")).toBe(
      "missing_parameter:oauth_callback",
    );
    expect(await reasonOf(signedRequest({ token: requestToken }), "access_token")).toBe(
      "missing_parameter:oauth_verifier",
    );
    const withToken = signedRequest({ oauthParams: { oauth_callback: "oob" } });
    expect(await reasonOf(withToken, "request_token")).toBe("bad_parameter:oauth_token");
  });

  it("maps each failure to its reason", async () => {
    const ok = signedRequest({});
    expect(await reasonOf(withHeaderParam(ok, "oauth_signature_method", "PLAINTEXT"))).toBe(
      "unsupported_signature_method:oauth_signature_method",
    );
    expect(await reasonOf(withHeaderParam(ok, "oauth_version", "2.0"))).toBe(
      "bad_version:oauth_version",
    );
    expect(await reasonOf(withHeaderParam(ok, "oauth_timestamp", "12.5"))).toBe(
      "bad_parameter:oauth_timestamp",
    );
    expect(await reasonOf(withHeaderParam(ok, "oauth_nonce", "n ü"))).toBe(
      "bad_parameter:oauth_nonce",
    );
    expect(await reasonOf(withHeaderParam(ok, "oauth_signature", "AAAA"))).toBe("bad_signature");
    expect(
      await reasonOf(signedRequest({ consumer: { consumerKey: "who", consumerSecret: "x" } })),
    ).toBe("unknown_consumer");
    expect(await reasonOf(signedRequest({ token: { token: "nope", tokenSecret: "x" } }))).toBe(
      "unknown_token",
    );
    expect(await reasonOf(signedRequest({ token: { token: "revoked", tokenSecret: "x" } }))).toBe(
      "invalidated_token",
    );
    // A request token is not an access token: the lookup is told which kind is asked for.
    expect(await reasonOf(signedRequest({ token: requestToken }))).toBe("unknown_token");
    const wrongSecret = signedRequest({ token: { ...accessToken, tokenSecret: "guess" } });
    expect(await reasonOf(wrongSecret)).toBe("bad_signature");
  });

  it("accepts oauth_version absent (RFC 5849 §3.1: optional)", async () => {
    expect(await reasonOf(signedRequest({ includeVersion: false }))).toBe("ok");
  });

  it("enforces the ±300 s window by default", async () => {
    const request = signedRequest({});
    expect(await reasonOf(request, "protected", NOW_MS + 300_000)).toBe("ok");
    expect(await reasonOf(request, "protected", NOW_MS - 300_000)).toBe("ok");
    expect(await reasonOf(request, "protected", NOW_MS + 301_000)).toBe(
      "stale_timestamp:oauth_timestamp",
    );
    expect(await reasonOf(request, "protected", NOW_MS - 301_000)).toBe(
      "stale_timestamp:oauth_timestamp",
    );
  });

  it("rejects a replayed nonce", async () => {
    const verifier = verifierAt();
    const request = signedRequest({ nonce: () => "same-nonce" });
    await verifier.verify(request, "protected");
    await expect(verifier.verify(request, "protected")).rejects.toMatchObject({ reason: "replay" });
  });

  it("refuses a client past its share of the replay store, and no other client", async () => {
    const store = createMemoryReplayStore({ maxPerClient: 2, clock: () => NOW_MS });
    const verifier = verifierAt(NOW_MS, store);
    await verifier.verify(signedRequest({}), "protected");
    await verifier.verify(signedRequest({}), "protected");
    const refused = await verifier.verify(signedRequest({}), "protected").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OAuthVerificationError);
    expect(refused).toMatchObject({ reason: "nonce_limit", retryAfterSeconds: 301 });
    expect((refused as Error).message).toContain("for this token");
    // The same app without a token (request_token) and the request token are other clients.
    const leg1 = signedRequest({ token: undefined, oauthParams: { oauth_callback: "oob" } });
    await expect(verifier.verify(leg1, "request_token")).resolves.toBeDefined();
    const leg3 = signedRequest({ token: requestToken, oauthParams: { oauth_verifier: "v" } });
    await expect(verifier.verify(leg3, "access_token")).resolves.toBeDefined();
  });

  it("counts all tokens of one owner as one client, and another owner apart", async () => {
    // Tokens of users 1 and 2; the lookup names each token's owner, as ads-api's does.
    const tokens = Array.from({ length: 5 }, (_unused, index) => ({
      token: `1-token${index}`,
      tokenSecret: `secret${index}`,
    }));
    const other = { token: "2-token", tokenSecret: "secret-2" };
    const secrets = new Map([...tokens, other].map((t) => [t.token, t.tokenSecret]));
    const store = createMemoryReplayStore({ maxPerClient: 3, clock: () => NOW_MS });
    const verifier = createRequestVerifier({
      clock: () => NOW_MS,
      replayStore: store,
      lookupConsumerSecret: (key) =>
        key === consumer.consumerKey ? consumer.consumerSecret : undefined,
      lookupToken: (token): TokenLookupResult => {
        const secret = secrets.get(token);
        return secret === undefined
          ? undefined
          : { status: "active", secret, owner: token.split("-")[0] };
      },
    });
    const send = (token: { token: string; tokenSecret: string }) =>
      verifier.verify(signedRequest({ token }), "protected");
    // Each token once: three fill user 1's share, whichever tokens they used.
    for (const token of tokens.slice(0, 3)) await expect(send(token)).resolves.toBeDefined();
    for (const token of tokens) {
      const refused = await send(token).catch((error: unknown) => error);
      expect(refused).toMatchObject({ reason: "nonce_limit" });
      expect((refused as Error).message).toContain("for this user");
    }
    // User 2 has a share of its own.
    for (let i = 0; i < 3; i += 1) await expect(send(other)).resolves.toBeDefined();
    expect(store.size).toBe(6);
  });

  it.each([
    ["oauth_consumer_key", "app\u0000key"],
    ["oauth_consumer_key", "app\tkey"],
    ["oauth_consumer_key", "clé"],
    ["oauth_consumer_key", "k".repeat(256)],
    ["oauth_token", "123-\u0000"],
    ["oauth_token", "t".repeat(256)],
  ])("refuses %s %j before looking anything up", async (name, value) => {
    const lookups: string[] = [];
    const verifier = createRequestVerifier({
      clock: () => NOW_MS,
      lookupConsumerSecret: (key) => {
        lookups.push(key);
        return consumer.consumerSecret;
      },
      lookupToken: (token) => {
        lookups.push(token);
        return { status: "active", secret: accessToken.tokenSecret };
      },
    });
    const request = withHeaderParam(signedRequest({}), name, value);
    const refused = await verifier.verify(request, "protected").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OAuthVerificationError);
    expect(refused).toMatchObject({ reason: "bad_parameter", parameter: name });
    expect((refused as Error).message).toBe(`${name} must be 1 to 255 printable ASCII characters`);
    expect(lookups).toEqual([]);
    // 255 characters are fine (unknown, but looked up).
    expect(
      await reasonOf(withHeaderParam(signedRequest({}), "oauth_consumer_key", "k".repeat(255))),
    ).toBe("unknown_consumer");
  });

  it("does not remember the nonce of a forged request", async () => {
    const verifier = verifierAt();
    const request = signedRequest({ nonce: () => "n1" });
    await expect(
      verifier.verify(withHeaderParam(request, "oauth_signature", "x"), "protected"),
    ).rejects.toThrow();
    await expect(verifier.verify(request, "protected")).resolves.toBeDefined();
  });

  it("refuses protocol parameters sent twice or malformed headers", async () => {
    const request = signedRequest({});
    const dupQuery = { ...request, url: `${request.url as string}&oauth_nonce=x` };
    expect(await reasonOf(dupQuery)).toBe("duplicate_parameter:oauth_nonce");
    const headers = request.headers as Record<string, string>;
    const dupHeader = {
      ...request,
      headers: { authorization: `${headers.authorization ?? ""}, oauth_token="x"` },
    };
    expect(await reasonOf(dupHeader)).toBe("malformed_header");
    expect(await reasonOf({ ...request, headers: { authorization: "OAuth oauth_token=x" } })).toBe(
      "malformed_header",
    );
    expect(await reasonOf({ ...request, headers: { authorization: ["OAuth", "OAuth"] } })).toBe(
      "malformed_header",
    );
    const twoCases = {
      ...request,
      headers: { Authorization: headers.authorization, authorization: "OAuth" },
    };
    expect(await reasonOf(twoCases)).toBe("malformed_header");
  });

  it("reads fetch Headers and Node-style header objects alike", async () => {
    const request = signedRequest({ body: "a=1" });
    const headers = new Headers(request.headers as Record<string, string>);
    expect(await reasonOf({ ...request, headers })).toBe("ok");
  });

  describe("a protocol parameter sent in the header and the body (twitter-api-v2's login)", () => {
    const url = "https://api.example.com/oauth/access_token";
    const protocol: ParamPair[] = [
      ["oauth_consumer_key", consumer.consumerKey],
      ["oauth_nonce", "n-dup"],
      ["oauth_signature_method", "HMAC-SHA1"],
      ["oauth_timestamp", String(NOW_MS / 1000)],
      ["oauth_version", "1.0"],
      ["oauth_token", requestToken.token],
    ];

    /** The header's parameters plus `body`, signed over `signedParams` (what the client signed). */
    function request(body: readonly ParamPair[], signedParams: readonly ParamPair[]) {
      const signature = hmacSha1Signature(
        signatureBaseString("POST", url, signedParams),
        consumer.consumerSecret,
        requestToken.tokenSecret,
      );
      return {
        method: "POST",
        url,
        headers: {
          authorization: buildAuthorizationHeader([...protocol, ["oauth_signature", signature]]),
          "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
        },
        body: urlEncoded(body),
      };
    }

    const body: ParamPair[] = [
      ["oauth_token", requestToken.token],
      ["oauth_verifier", "1234567"],
    ];

    it("is one parameter when the values agree, signed once (one map) or twice (RFC 5849)", async () => {
      const once = request(body, [...protocol, ["oauth_verifier", "1234567"]]);
      const verified = await verifierAt().verify(once, "access_token");
      expect(verified.token).toBe(requestToken.token);
      expect(verified.verifier).toBe("1234567");
      const twice = request(body, [...protocol, ...body]);
      expect(await reasonOf(twice, "access_token")).toBe("ok");
    });

    it("still refuses a signature over anything else", async () => {
      const forged = request(body, [...protocol, ["oauth_verifier", "7654321"]]);
      expect(await reasonOf(forged, "access_token")).toBe("bad_signature");
    });

    it("refuses two different values, naming the parameter", async () => {
      const other: ParamPair[] = [
        ["oauth_token", "another-token"],
        ["oauth_verifier", "1234567"],
      ];
      expect(await reasonOf(request(other, [...protocol, ...other]), "access_token")).toBe(
        "duplicate_parameter:oauth_token",
      );
      const verifiers: ParamPair[] = [
        ["oauth_verifier", "1234567"],
        ["oauth_verifier", "7654321"],
      ];
      expect(await reasonOf(request(verifiers, [...protocol, ...verifiers]), "access_token")).toBe(
        "duplicate_parameter:oauth_verifier",
      );
    });
  });
});
