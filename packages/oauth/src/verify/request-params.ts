import { OAuthProtocolError, OAuthVerificationError } from "../errors.js";
import { isFormContentType, parseFormEncoded } from "../form-encoding.js";
import { isOAuthAuthorization, parseAuthorizationHeader } from "../header.js";
import { baseStringUri, queryParameters } from "../signing/base-string.js";
import type { ParamPair } from "../types.js";

/** Request headers as Node (`IncomingMessage.headers`), fetch (`Headers`) or a plain object give them. */
export type HeaderBag = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

/** A received request, as a server sees it. */
export interface VerifiableRequest {
  readonly method: string;
  /**
   * The full URL the client signed: scheme and host as the client addressed them (mind TLS
   * termination and proxies), path and query as received.
   */
  readonly url: string | URL;
  readonly headers: HeaderBag;
  /**
   * The body, raw or as decoded form pairs. It is signed only when Content-Type is
   * `application/x-www-form-urlencoded` (RFC 5849 §3.4.1.3.1); a JSON body never is.
   */
  readonly body?: string | readonly ParamPair[] | undefined;
  /**
   * The parameters `parseAuthorizationHeader` read from this request's one Authorization
   * header, when the caller parsed it already: the header is then not read or parsed again.
   */
  readonly authorizationParams?: readonly ParamPair[] | undefined;
}

/** Parameters gathered from a request, ready for the checks. */
export interface GatheredParameters {
  /** Every parameter that is signed (query, form, header), `oauth_signature` left out. */
  readonly signed: readonly ParamPair[];
  /**
   * When a protocol parameter came more than once with one value: `signed` with it once.
   * RFC 5849 §3.4.1.3 signs every occurrence, but clients that keep their parameters in one
   * map (twitter-api-v2's `login`, the oauth-1.0a package it derives from) sign it once.
   */
  readonly signedOnce: readonly ParamPair[] | undefined;
  /** The protocol parameters (`oauth_*`, each once: repeats carry one value) incl. the signature. */
  readonly protocol: ReadonlyMap<string, string>;
}

/** Reads one header case-insensitively; several values for it is an error of the caller's peer. */
export function headerValue(
  headers: HeaderBag,
  name: string,
): string | readonly string[] | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const wanted = name.toLowerCase();
  let found: string | readonly string[] | undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    if (found !== undefined) return [found, value].flat();
    found = value;
  }
  return found;
}

function singleHeader(headers: HeaderBag, name: string): string | undefined {
  const value = headerValue(headers, name);
  if (typeof value === "string" || value === undefined) return value;
  if (value.length === 1) return value[0];
  throw new OAuthVerificationError("malformed_header", `more than one ${name} header`);
}

/**
 * Gathers the signed and protocol parameters of a request (RFC 5849 §3.4.1.3.1, §3.5).
 * A protocol parameter sent in more than one place (header, query, body) with the same value
 * is one parameter: twitter-api-v2 sends `oauth_token` in the header and, as spec §4.1 lists
 * it as a parameter of access_token, in the body too. Throws `OAuthVerificationError` for a
 * malformed Authorization header or a protocol parameter sent with two different values
 * (which token, verifier or nonce the request is signed with would be ambiguous).
 */
export function gatherParameters(request: VerifiableRequest): GatheredParameters {
  let headerParams: readonly ParamPair[] = request.authorizationParams ?? [];
  const authorization =
    request.authorizationParams === undefined
      ? singleHeader(request.headers, "authorization")
      : undefined;
  if (authorization !== undefined && isOAuthAuthorization(authorization)) {
    try {
      headerParams = parseAuthorizationHeader(authorization).params;
    } catch (error) {
      if (error instanceof OAuthProtocolError) {
        throw new OAuthVerificationError("malformed_header", error.message);
      }
      throw error;
    }
  }

  let query: ParamPair[];
  try {
    baseStringUri(request.url);
    query = queryParameters(request.url);
  } catch {
    throw new OAuthVerificationError(
      "bad_parameter",
      "the request URL is not an absolute http(s) URL",
    );
  }
  const form =
    request.body === undefined || !isFormContentType(singleHeader(request.headers, "content-type"))
      ? []
      : typeof request.body === "string"
        ? parseFormEncoded(request.body)
        : request.body;

  const all = [...headerParams, ...query, ...form];
  const protocol = new Map<string, string>();
  const signedOnce: ParamPair[] = [];
  let repeated = false;
  for (const pair of all) {
    const [name, value] = pair;
    if (name.startsWith("oauth_")) {
      const earlier = protocol.get(name);
      if (earlier !== undefined && earlier !== value) {
        throw new OAuthVerificationError(
          "duplicate_parameter",
          `${printable(name)} is sent more than once with different values`,
          name,
        );
      }
      if (earlier !== undefined) {
        repeated = true;
        continue;
      }
      protocol.set(name, value);
    }
    if (name !== "oauth_signature") signedOnce.push(pair);
  }
  return {
    signed: all.filter(([name]) => name !== "oauth_signature"),
    signedOnce: repeated ? signedOnce : undefined,
    protocol,
  };
}

/** A name fit for a message: attacker-chosen names are cut short and stripped to ASCII. */
export function printable(name: string): string {
  // Cut first: a name may be as long as the request.
  const clean = name.slice(0, 65).replace(/[^\x21-\x7e]/g, "?");
  return clean.length > 64 ? `${clean.slice(0, 64)}...` : clean;
}
