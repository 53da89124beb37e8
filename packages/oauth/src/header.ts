import { OAuthErrorCode, OAuthProtocolError } from "./errors.js";
import { percentDecodeStrict, percentEncode } from "./percent-encode.js";
import type { ParamPair } from "./types.js";
import { skipSpaces } from "./white-space.js";

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
// an RFC 2617 quoted-string that may hold backslash escapes. Sticky, so each parameter is
// matched where the previous one ended (no copies of the rest); linear: the name, the spaces
// and `=` use disjoint classes, and each character of the value has one way to match.
const PARAM = /([A-Za-z0-9%._~-]+)[ \t]*=[ \t]*"((?:[^"\\]|\\.)*)"/y;
const SCHEME = /^[ \t]*OAuth(?:[ \t]|$)/i;

/** True when an Authorization value uses the OAuth scheme (case-insensitive, RFC 5849 §3.5.1). */
export function isOAuthAuthorization(value: string): boolean {
  return SCHEME.test(value);
}

/**
 * Parses an `Authorization: OAuth ...` value. Throws `OAuthProtocolError` (MALFORMED_HEADER)
 * on another scheme, a parameter that is not `name="value"`, a bad percent escape, or a
 * parameter given twice. Messages name the parameter, never its value.
 */
export function parseAuthorizationHeader(value: string): ParsedAuthorizationHeader {
  if (!isOAuthAuthorization(value)) throw malformed("not the OAuth scheme");
  let at = skipSpaces(value, value.search(/OAuth/i) + "OAuth".length);
  const seen = new Set<string>();
  const params: ParamPair[] = [];
  let realm: string | undefined;
  while (at < value.length) {
    PARAM.lastIndex = at;
    const match = PARAM.exec(value);
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
    at = skipSpaces(value, at + whole.length);
    if (at === value.length) break;
    if (value[at] !== ",") throw malformed("parameters must be separated by commas");
    at = skipSpaces(value, at + 1);
    if (at === value.length) throw malformed("trailing comma");
  }
  return { realm, params };
}

/** Parameter names are not secret, but an attacker could stuff anything in one: keep it short. */
function safeName(name: string): string {
  return /^[A-Za-z0-9_.~-]{1,64}$/.test(name) ? name : "(unprintable name)";
}
