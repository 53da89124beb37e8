import { signatureEqual } from "../constant-time.js";
import { OAuthVerificationError } from "../errors.js";
import { isValidNonce, MAX_NONCE_LENGTH } from "../nonce.js";
import { signatureBaseString } from "../signing/base-string.js";
import { createHmac } from "node:crypto";
import type { KeyObject } from "node:crypto";
import { createSigningKey } from "../signing/signature.js";
import type { Clock, ParamPair } from "../types.js";
import { createMemoryReplayStore, replayClientId } from "./replay-store.js";
import type { ReplayStore } from "./replay-store.js";
import { gatherParameters } from "./request-params.js";
import type { VerifiableRequest } from "./request-params.js";

/**
 * Which leg a request belongs to (spec §4.1):
 * - `request_token`: no token, `oauth_callback` required (a URL or `oob`);
 * - `access_token`: the request token and `oauth_verifier` required;
 * - `protected`: an access token required (API calls, invalidate_token).
 */
export type RequestKind = "request_token" | "access_token" | "protected";

/**
 * What a token lookup found. `undefined` means unknown (or not issued to this consumer).
 * `owner` names who the token acts for (a user id): every token of one owner with one API key
 * then shares one share of the replay store, so holding many tokens gains nothing. Without it
 * the token is the client.
 */
export type TokenLookupResult =
  | {
      readonly status: "active";
      readonly secret: string;
      readonly owner?: string | undefined;
      /**
       * `createSigningKey(consumer secret looked up, secret)`, when the caller keeps one per
       * pair of secrets: the key is then not built again for each request.
       */
      readonly signingKey?: KeyObject | undefined;
    }
  | { readonly status: "invalidated" }
  | undefined;

export interface VerifierOptions {
  /** The consumer secret for an API key, or undefined when the key is unknown. */
  lookupConsumerSecret(consumerKey: string): Promise<string | undefined> | string | undefined;
  /**
   * The secret of a request token (`access_token` kind) or access token (`protected` kind), and
   * for an access token its owner (see `TokenLookupResult`). Must return undefined for a token
   * issued to another consumer.
   */
  lookupToken(
    token: string,
    context: { readonly consumerKey: string; readonly kind: Exclude<RequestKind, "request_token"> },
  ): Promise<TokenLookupResult> | TokenLookupResult;
  /** Defaults to an in-memory store with the same window and clock (lost on restart). */
  readonly replayStore?: ReplayStore | undefined;
  /** Accepted clock skew each way, in seconds (default 300). */
  readonly windowSeconds?: number | undefined;
  readonly clock?: Clock | undefined;
}

/** A request whose signature, timestamp and nonce passed. */
export interface VerifiedRequest {
  readonly consumerKey: string;
  /** The request token or access token; undefined for `request_token`. */
  readonly token: string | undefined;
  /** `oauth_callback` (request_token), as sent: a URL or `oob`. The server checks it is allowed. */
  readonly callback: string | undefined;
  /** `oauth_verifier` (access_token). The server checks it matches the request token. */
  readonly verifier: string | undefined;
  readonly timestamp: number;
  readonly nonce: string;
  /** Every `oauth_*` parameter received except `oauth_signature`. */
  readonly protocolParams: ReadonlyMap<string, string>;
}

const ALWAYS_REQUIRED = [
  "oauth_consumer_key",
  "oauth_signature_method",
  "oauth_signature",
  "oauth_timestamp",
  "oauth_nonce",
] as const;

/** Printable ASCII, space to tilde: what an API key or a token may hold (a nonce: no space). */
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/**
 * True when an API key or token is 1 to 255 printable ASCII characters, so NUL, other controls
 * and huge values never reach a lookup (a database refuses NUL with a server error). The
 * length is tested first: a huge value costs one comparison.
 */
function isPrintableCredential(value: string): boolean {
  return value.length <= MAX_NONCE_LENGTH && PRINTABLE_ASCII.test(value);
}

const ONLY_KEY = ["oauth_consumer_key"] as const;
const KEY_AND_TOKEN = ["oauth_consumer_key", "oauth_token"] as const;

function requiredFor(kind: RequestKind): readonly string[] {
  switch (kind) {
    case "request_token":
      return [...ALWAYS_REQUIRED, "oauth_callback"];
    case "access_token":
      return [...ALWAYS_REQUIRED, "oauth_token", "oauth_verifier"];
    case "protected":
      return [...ALWAYS_REQUIRED, "oauth_token"];
  }
}

function fail(
  reason: OAuthVerificationError["reason"],
  message: string,
  parameter?: string,
): never {
  throw new OAuthVerificationError(reason, message, parameter);
}

/**
 * Verifies an OAuth 1.0a HMAC-SHA1 request (RFC 5849 §3.2). Resolves with the verified
 * protocol parameters or throws `OAuthVerificationError` with a typed `reason`. Errors thrown
 * by the lookups or the replay store propagate unchanged (they are server faults).
 *
 * Order: shape checks (the API key, token and nonce must be 1 to 255 printable ASCII
 * characters, a nonce without spaces), timestamp window, consumer, token, constant-time
 * signature comparison, and only then the nonce, so forged requests cannot fill the replay
 * store. A client (API key and the token's owner, or the token) whose share of the store is
 * full is refused with reason `nonce_limit` (a rate limit of that client alone;
 * `retryAfterSeconds` says when it frees up).
 */
export async function verifyRequest(
  request: VerifiableRequest,
  kind: RequestKind,
  options: VerifierOptions & { readonly replayStore: ReplayStore },
): Promise<VerifiedRequest> {
  const { signed, signedOnce, protocol } = gatherParameters(request);
  for (const name of requiredFor(kind)) {
    if ((protocol.get(name) ?? "") === "") fail("missing_parameter", `${name} is missing`, name);
  }
  const param = (name: string): string => protocol.get(name) ?? "";

  if (param("oauth_signature_method") !== "HMAC-SHA1") {
    fail("unsupported_signature_method", "only HMAC-SHA1 is supported", "oauth_signature_method");
  }
  // RFC 5849 §3.1: oauth_version is optional; when sent it must be 1.0.
  if (protocol.has("oauth_version") && param("oauth_version") !== "1.0") {
    fail("bad_version", "oauth_version must be 1.0", "oauth_version");
  }
  const rawTimestamp = param("oauth_timestamp");
  if (!/^[0-9]{1,12}$/.test(rawTimestamp)) {
    fail("bad_parameter", "oauth_timestamp must be whole seconds", "oauth_timestamp");
  }
  const timestamp = Number(rawTimestamp);
  const windowSeconds = options.windowSeconds ?? 300;
  const now = Math.floor((options.clock ?? Date.now)() / 1000);
  if (Math.abs(now - timestamp) > windowSeconds) {
    fail(
      "stale_timestamp",
      `oauth_timestamp is outside the ±${windowSeconds} s window`,
      "oauth_timestamp",
    );
  }
  const nonce = param("oauth_nonce");
  if (!isValidNonce(nonce)) {
    fail("bad_parameter", "oauth_nonce must be 1 to 255 printable ASCII characters", "oauth_nonce");
  }
  const token = protocol.get("oauth_token");
  if (kind === "request_token" && token !== undefined && token !== "") {
    fail("bad_parameter", "a request_token request carries no oauth_token", "oauth_token");
  }
  // Before any lookup: what reaches a lookup (or a database) is short, printable ASCII.
  for (const name of kind === "request_token" ? ONLY_KEY : KEY_AND_TOKEN) {
    if (!isPrintableCredential(param(name))) {
      fail("bad_parameter", `${name} must be 1 to 255 printable ASCII characters`, name);
    }
  }

  const consumerKey = param("oauth_consumer_key");
  const consumerSecret = await options.lookupConsumerSecret(consumerKey);
  if (consumerSecret === undefined) fail("unknown_consumer", "unknown oauth_consumer_key");

  let tokenSecret = "";
  let owner: string | undefined;
  let key: KeyObject | undefined;
  if (kind !== "request_token") {
    const found = await options.lookupToken(param("oauth_token"), { consumerKey, kind });
    if (found === undefined) fail("unknown_token", "unknown oauth_token");
    if (found.status === "invalidated") fail("invalidated_token", "oauth_token was invalidated");
    tokenSecret = found.secret;
    owner = found.owner;
    key = found.signingKey;
  }
  key ??= createSigningKey(consumerSecret, tokenSecret);

  // A repeated protocol parameter (one value) may have been signed once or every time it was
  // sent (RFC 5849 §3.4.1.3): either base string names the same parameters.
  const matches = (params: readonly ParamPair[]) =>
    signatureEqual(
      createHmac("sha1", key)
        .update(signatureBaseString(request.method, request.url, params), "utf8")
        .digest("base64"),
      param("oauth_signature"),
    );
  if (!matches(signed) && (signedOnce === undefined || !matches(signedOnce))) {
    fail("bad_signature", "the signature does not match");
  }
  // The client is the consumer and whoever signed: the token's owner, else the token itself,
  // so a store bounds each one's share however many tokens an owner holds.
  const client = replayClientId(consumerKey, {
    token: kind === "request_token" ? undefined : param("oauth_token"),
    owner,
  });
  const verdict = await options.replayStore.remember({ client, timestamp, nonce });
  if (verdict.status === "replayed") {
    fail("replay", "this oauth_nonce was already used with this timestamp");
  }
  if (verdict.status === "full") {
    throw new OAuthVerificationError(
      "nonce_limit",
      `too many signed requests in the ±${windowSeconds} s timestamp window for this ${kind === "request_token" ? "API key" : owner === undefined ? "token" : "user"}; retry in ${verdict.retryAfterSeconds} s`,
      undefined,
      verdict.retryAfterSeconds,
    );
  }

  const protocolParams = new Map([...protocol].filter(([name]) => name !== "oauth_signature"));
  return {
    consumerKey,
    token: kind === "request_token" ? undefined : param("oauth_token"),
    callback: protocol.get("oauth_callback"),
    verifier: protocol.get("oauth_verifier"),
    timestamp,
    nonce,
    protocolParams,
  };
}

/** A verifier bound to its lookups and one replay store. */
export interface RequestVerifier {
  verify(request: VerifiableRequest, kind: RequestKind): Promise<VerifiedRequest>;
}

/**
 * Creates a verifier. Without `replayStore`, nonces are kept in memory for `windowSeconds`,
 * with the default bounds (fine for one process that may forget them on restart; give a
 * durable, shared store to a server).
 */
export function createRequestVerifier(options: VerifierOptions): RequestVerifier {
  const replayStore =
    options.replayStore ??
    createMemoryReplayStore({ windowSeconds: options.windowSeconds, clock: options.clock });
  return {
    verify: (request, kind) => verifyRequest(request, kind, { ...options, replayStore }),
  };
}
