import { OAuthErrorCode, OAuthProtocolError } from "./errors.js";
import { percentDecodeStrict, percentEncode } from "./percent-encode.js";
import type { ParamPair } from "./types.js";

/** A parsed `Authorization: OAuth ...` header. */
export interface ParsedAuthorizationHeader {
  /** RFC 5849 §3.5.1: optional, never signed. */
  readonly realm: string | undefined;
  /** Every other parameter, decoded, in header order; names are unique. */
  readonly params: readonly ParamPair[];
}

/**
 * Builds the `Authorization` header value (RFC 5849 §3.5.1): `OAuth `, then `realm` if given,
 * then each parameter as `encode(name)="encode(value)"`, separated by `, `.
 */
export function buildAuthorizationHeader(params: readonly ParamPair[], realm?: string): string {
  const parts = params.map(([name, value]) => `${percentEncode(name)}="${percentEncode(value)}"`);
  // realm is a quoted-string (RFC 2617), not percent-encoded; quotes and backslashes escaped.
  if (realm !== undefined) parts.unshift(`realm="${realm.replace(/["\\]/g, "\\$&")}"`);
  return `OAuth ${parts.join(", ")}`;
}

function malformed(detail: string): OAuthProtocolError {
  return new OAuthProtocolError(
    OAuthErrorCode.MALFORMED_HEADER,
    `malformed OAuth Authorization header: ${detail}`,
  );
}

// name="value" where value is a percent-encoded string (RFC 5849 §3.5.1) or, for realm,
// an RFC 2617 quoted-string that may hold backslash escapes.
const PARAM = /^([A-Za-z0-9%._~-]+)[ \t]*=[ \t]*"((?:[^"\\]|\\.)*)"/;

/** True when an Authorization value uses the OAuth scheme (case-insensitive, RFC 5849 §3.5.1). */
export function isOAuthAuthorization(value: string): boolean {
  return /^[ \t]*OAuth(?:[ \t]|$)/i.test(value);
}

/**
 * Parses an `Authorization: OAuth ...` value. Throws `OAuthProtocolError` (MALFORMED_HEADER)
 * on another scheme, a parameter that is not `name="value"`, a bad percent escape, or a
 * parameter given twice. Messages name the parameter, never its value.
 */
export function parseAuthorizationHeader(value: string): ParsedAuthorizationHeader {
  if (!isOAuthAuthorization(value)) throw malformed("not the OAuth scheme");
  let rest = value.replace(/^[ \t]*OAuth/i, "").trim();
  const seen = new Set<string>();
  const params: ParamPair[] = [];
  let realm: string | undefined;
  while (rest.length > 0) {
    const match = PARAM.exec(rest);
    if (match === null) throw malformed('expected name="value"');
    const [whole, rawName = "", rawValue = ""] = match;
    const name = percentDecodeStrict(rawName);
    if (name === undefined) throw malformed("bad percent-encoding in a parameter name");
    if (seen.has(name)) throw malformed(`duplicate parameter ${safeName(name)}`);
    seen.add(name);
    if (name === "realm") {
      realm = rawValue.replace(/\\(.)/g, "$1");
    } else {
      if (rawValue.includes("\\")) throw malformed(`unexpected escape in ${safeName(name)}`);
      const decoded = percentDecodeStrict(rawValue);
      if (decoded === undefined) throw malformed(`bad percent-encoding in ${safeName(name)}`);
      params.push([name, decoded]);
    }
    rest = rest.slice(whole.length).trimStart();
    if (rest.length === 0) break;
    if (!rest.startsWith(",")) throw malformed("parameters must be separated by commas");
    rest = rest.slice(1).trimStart();
    if (rest.length === 0) throw malformed("trailing comma");
  }
  return { realm, params };
}

/** Parameter names are not secret, but an attacker could stuff anything in one: keep it short. */
function safeName(name: string): string {
  return /^[A-Za-z0-9_.~-]{1,64}$/.test(name) ? name : "(unprintable name)";
}
