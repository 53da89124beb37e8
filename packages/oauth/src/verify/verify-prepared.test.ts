import { describe, expect, it } from "vitest";
import { signatureEqual } from "../constant-time.js";
import { OAuthVerificationError } from "../errors.js";
import { parseAuthorizationHeader } from "../header.js";
import { createSigningKey } from "../signing/signature.js";
import {
  accessToken,
  consumer,
  NOW_MS,
  signedRequest,
} from "../../test/helpers/verify-fixtures.js";
import type { VerifiableRequest } from "./request-params.js";
import { createMemoryReplayStore } from "./replay-store.js";
import { verifyRequest } from "./verify-request.js";
import type { TokenLookupResult } from "./verify-request.js";

/** Verifies with a signing key (and header parameters) the caller prepared. */
async function reasonWith(request: VerifiableRequest, tokenSecretOfKey: string) {
  const signingKey = createSigningKey(consumer.consumerSecret, tokenSecretOfKey);
  try {
    await verifyRequest(request, "protected", {
      clock: () => NOW_MS,
      replayStore: createMemoryReplayStore({ clock: () => NOW_MS }),
      lookupConsumerSecret: () => consumer.consumerSecret,
      lookupToken: (): TokenLookupResult => ({
        status: "active",
        secret: accessToken.tokenSecret,
        signingKey,
      }),
    });
    return "ok";
  } catch (error) {
    if (!(error instanceof OAuthVerificationError)) throw error;
    return error.reason;
  }
}

const headerOf = (request: VerifiableRequest) =>
  (request.headers as Record<string, string>).authorization ?? "";

describe("verifyRequest with prepared parts (a caller's cached key, its parsed header)", () => {
  it("accepts a request signed with the key's secrets and refuses one signed otherwise", async () => {
    const request = signedRequest({ method: "GET" });
    expect(await reasonWith(request, accessToken.tokenSecret)).toBe("ok");
    // The key decides: a key of other secrets refuses even the right signature.
    expect(await reasonWith(request, "another-secret")).toBe("bad_signature");
  });

  it("takes the parsed parameters for the header's", async () => {
    const request = signedRequest({ method: "GET" });
    const params = parseAuthorizationHeader(headerOf(request)).params;
    const prepared = { ...request, authorizationParams: params };
    expect(await reasonWith(prepared, accessToken.tokenSecret)).toBe("ok");
    const tampered = params.map(([n, v]) =>
      n === "oauth_nonce" ? ([n, `${v}x`] as const) : [n, v],
    );
    expect(
      await reasonWith(
        { ...request, authorizationParams: tampered as typeof params },
        accessToken.tokenSecret,
      ),
    ).toBe("bad_signature");
  });
});

describe("signatureEqual", () => {
  it("is string equality, whatever the length or characters sent", () => {
    expect(signatureEqual("abc=", "abc=")).toBe(true);
    expect(signatureEqual("abc=", "abc")).toBe(false);
    expect(signatureEqual("abc=", "abc==")).toBe(false);
    expect(signatureEqual("abc=", "abd=")).toBe(false);
    // Same length in UTF-16 units, other bytes: never equal to an ASCII signature.
    expect(signatureEqual("abc=", "abc\u00e9")).toBe(false);
    expect(signatureEqual("abcd", "ab\ud800")).toBe(false);
    expect(signatureEqual("", "")).toBe(true);
  });
});
