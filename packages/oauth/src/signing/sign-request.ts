import { OAuthErrorCode, OAuthProtocolError } from "../errors.js";
import { parseFormEncoded } from "../form-encoding.js";
import { buildAuthorizationHeader } from "../header.js";
import { assertValidNonce, generateNonce, timestampSeconds } from "../nonce.js";
import type {
  Clock,
  ConsumerCredentials,
  NonceSource,
  ParamPair,
  TokenCredentials,
} from "../types.js";
import { collectSignedParameters, queryParameters, signatureBaseString } from "./base-string.js";
import { hmacSha1Signature } from "./signature.js";

/** Protocol parameters the signer sets itself; callers may not pass them in `oauthParams`. */
const GENERATED = new Set([
  "oauth_consumer_key",
  "oauth_token",
  "oauth_signature_method",
  "oauth_timestamp",
  "oauth_nonce",
  "oauth_version",
  "oauth_signature",
]);

/** What to sign. The body counts only as form pairs: a JSON body is never signed (RFC 5849 §3.4.1.3.1). */
export interface SignRequestInput {
  readonly method: string;
  /** Absolute URL; its query parameters are signed. */
  readonly url: string | URL;
  readonly consumer: ConsumerCredentials;
  /** The request token (access_token leg) or access token; absent for request_token. */
  readonly token?: TokenCredentials | undefined;
  /** An `application/x-www-form-urlencoded` body, raw or as decoded pairs. */
  readonly form?: string | readonly ParamPair[] | undefined;
  /** Extra protocol parameters, e.g. `oauth_callback` or `oauth_verifier`; names start `oauth_`. */
  readonly oauthParams?: Readonly<Record<string, string>> | undefined;
  /** Optional `realm` for the header; never signed. */
  readonly realm?: string | undefined;
  /** Defaults to `Date.now`. */
  readonly clock?: Clock | undefined;
  /** Defaults to `generateNonce` (48 hex characters from the CSPRNG). */
  readonly nonce?: NonceSource | undefined;
  /** Send `oauth_version="1.0"` (default true; RFC 5849's own examples omit it). */
  readonly includeVersion?: boolean | undefined;
}

/** The result of signing. `baseString` names the token: pass it through `redact` before logging. */
export interface SignedRequest {
  /** The `Authorization` header value, `OAuth oauth_consumer_key="...", ...`. */
  readonly authorization: string;
  /** Every protocol parameter sent, `oauth_signature` included. */
  readonly protocolParams: readonly ParamPair[];
  readonly signature: string;
  readonly baseString: string;
}

function invalid(message: string): OAuthProtocolError {
  return new OAuthProtocolError(OAuthErrorCode.INVALID_ARGUMENT, message);
}

/**
 * Signs a request with HMAC-SHA1 (RFC 5849 §3.1-§3.4) and builds its Authorization header.
 * Protocol parameters travel only in the header (§3.5.1), so a query or form parameter named
 * like one of them is refused rather than signed twice.
 */
export function signRequest(input: SignRequestInput): SignedRequest {
  const nonce = (input.nonce ?? generateNonce)();
  assertValidNonce(nonce);
  const protocolParams: [string, string][] = [
    ["oauth_consumer_key", input.consumer.consumerKey],
    ["oauth_nonce", nonce],
    ["oauth_signature_method", "HMAC-SHA1"],
    ["oauth_timestamp", String(timestampSeconds(input.clock))],
  ];
  if (input.token !== undefined) protocolParams.push(["oauth_token", input.token.token]);
  if (input.includeVersion ?? true) protocolParams.push(["oauth_version", "1.0"]);
  for (const [name, value] of Object.entries(input.oauthParams ?? {})) {
    if (!name.startsWith("oauth_") || GENERATED.has(name)) {
      throw invalid(`oauthParams may only add other oauth_ parameters (got ${name.slice(0, 40)})`);
    }
    protocolParams.push([name, value]);
  }

  const form = typeof input.form === "string" ? parseFormEncoded(input.form) : (input.form ?? []);
  const reserved = new Set([...protocolParams.map(([name]) => name), "oauth_signature"]);
  if ([...queryParameters(input.url), ...form].some(([name]) => reserved.has(name))) {
    throw invalid("a query or form parameter repeats an OAuth protocol parameter");
  }
  const signed = collectSignedParameters(input.url, form, protocolParams);

  const baseString = signatureBaseString(input.method, input.url, signed);
  const signature = hmacSha1Signature(
    baseString,
    input.consumer.consumerSecret,
    input.token?.tokenSecret,
  );
  const sent: ParamPair[] = [...protocolParams, ["oauth_signature", signature]];
  return {
    authorization: buildAuthorizationHeader(sent, input.realm),
    protocolParams: sent,
    signature,
    baseString,
  };
}
