// Shared by the verifier tests: a known app, tokens and a verifier with a fixed clock.
import { signRequest } from "../../src/signing/sign-request.js";
import type { SignRequestInput } from "../../src/signing/sign-request.js";
import type { ParamPair } from "../../src/types.js";
import type { VerifiableRequest } from "../../src/verify/request-params.js";
import { createRequestVerifier } from "../../src/verify/verify-request.js";
import type { RequestVerifier, TokenLookupResult } from "../../src/verify/verify-request.js";
import type { ReplayStore } from "../../src/verify/replay-store.js";

export const NOW_MS = 1_700_000_000_000;
export const consumer = { consumerKey: "app-key", consumerSecret: "consumer-secret-Qz9" };
export const accessToken = { token: "123-access", tokenSecret: "token-secret-Wx7" };
export const requestToken = { token: "req-token", tokenSecret: "req-secret-Pl3" };

export function verifierAt(nowMs = NOW_MS, replayStore?: ReplayStore): RequestVerifier {
  return createRequestVerifier({
    clock: () => nowMs,
    replayStore,
    lookupConsumerSecret: (key) =>
      key === consumer.consumerKey ? consumer.consumerSecret : undefined,
    lookupToken: (token, { kind }): TokenLookupResult => {
      if (kind === "protected" && token === accessToken.token) {
        return { status: "active", secret: accessToken.tokenSecret };
      }
      if (kind === "access_token" && token === requestToken.token) {
        return { status: "active", secret: requestToken.tokenSecret };
      }
      if (token === "revoked") return { status: "invalidated" };
      return undefined;
    },
  });
}

/** Signs and returns the request a server would receive. */
export function signedRequest(
  input: Partial<SignRequestInput> & { body?: string | readonly ParamPair[]; contentType?: string },
): VerifiableRequest {
  const method = input.method ?? "POST";
  const url = input.url ?? "https://api.example.com/1.1/thing?x=1";
  const body = input.body;
  const signed = signRequest({
    consumer,
    token: accessToken,
    clock: () => NOW_MS,
    ...input,
    method,
    url,
    form: body,
  });
  return {
    method,
    url,
    headers: {
      authorization: signed.authorization,
      ...(body === undefined
        ? {}
        : { "content-type": input.contentType ?? "application/x-www-form-urlencoded" }),
    },
    body,
  };
}

/** Serialises pairs the way a browser or another client would (WHATWG form serializer). */
export function urlEncoded(pairs: readonly ParamPair[]): string {
  return new URLSearchParams(pairs.map(([n, v]): [string, string] => [n, v])).toString();
}
