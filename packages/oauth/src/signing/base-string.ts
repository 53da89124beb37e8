import { OAuthErrorCode, OAuthProtocolError } from "../errors.js";
import { parseFormEncoded } from "../form-encoding.js";
import { percentEncode } from "../percent-encode.js";
import type { ParamPair } from "../types.js";

/** Parses an absolute URL; the error never echoes it (a query may hold a credential). */
export function parseRequestUrl(url: string | URL): URL {
  try {
    return new URL(url);
  } catch {
    throw new OAuthProtocolError(
      OAuthErrorCode.INVALID_ARGUMENT,
      "the request URL is not absolute",
    );
  }
}

/**
 * RFC 5849 §3.4.1.2: scheme and host in lower case, the port only when it is not the
 * scheme's default (80 for http, 443 for https), then the path; no query, no fragment, no
 * user info. WHATWG URL parsing already lower-cases and drops default ports.
 */
export function baseStringUri(url: string | URL): string {
  const parsed = parseRequestUrl(url);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new OAuthProtocolError(
      OAuthErrorCode.INVALID_ARGUMENT,
      "the request URL must be http or https",
    );
  }
  const port = parsed.port === "" ? "" : `:${parsed.port}`;
  return `${parsed.protocol}//${parsed.hostname}${port}${parsed.pathname}`;
}

/** The decoded query parameters of a URL (RFC 5849 §3.4.1.3.1, form decoding). */
export function queryParameters(url: string | URL): ParamPair[] {
  return parseFormEncoded(parseRequestUrl(url).search);
}

/**
 * RFC 5849 §3.4.1.3.2: encode every name and value, sort by encoded name then encoded value
 * (duplicates kept), join `name=value` with `&`. The caller has already left out `realm` and
 * `oauth_signature`. Encoded strings are ASCII, so plain code-unit order is byte order.
 */
export function normalizeParameters(params: readonly ParamPair[]): string {
  return params
    .map(([name, value]) => [percentEncode(name), percentEncode(value)] as const)
    .sort(([an, av], [bn, bv]) => (an === bn ? compare(av, bv) : compare(an, bn)))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * RFC 5849 §3.4.1: `METHOD&encode(base string URI)&encode(normalized parameters)`.
 * `params` must hold the query, form-body and protocol parameters, without `realm` and
 * `oauth_signature` (see `collectSignedParameters`).
 */
export function signatureBaseString(
  method: string,
  url: string | URL,
  params: readonly ParamPair[],
): string {
  return [
    percentEncode(method.toUpperCase()),
    percentEncode(baseStringUri(url)),
    percentEncode(normalizeParameters(params)),
  ].join("&");
}

/**
 * RFC 5849 §3.4.1.3.1: the parameters that are signed are the query's, the form body's
 * (only a single-part `application/x-www-form-urlencoded` body, never JSON) and the protocol
 * parameters, minus `realm` and `oauth_signature`.
 */
export function collectSignedParameters(
  url: string | URL,
  formBody: readonly ParamPair[],
  protocolParams: readonly ParamPair[],
): ParamPair[] {
  return [...queryParameters(url), ...formBody, ...protocolParams].filter(
    ([name]) => name !== "oauth_signature",
  );
}
