import { constantTimeEqual } from "../constant-time.js";
import { OAuthVerificationError } from "../errors.js";
import { formUrlEncode } from "../form-encoding.js";

/** Decoded Basic credentials of /oauth2/token: the API key and API key secret. */
export interface BasicCredentials {
  readonly consumerKey: string;
  readonly consumerSecret: string;
}

/**
 * The `Authorization` value a client sends to /oauth2/token (spec §4.1): key and secret
 * form-encoded ("per RFC 1738") first, joined with `:`, then base64 (RFC 7617).
 */
export function buildBasicAuthorization(consumerKey: string, consumerSecret: string): string {
  const joined = `${formUrlEncode(consumerKey)}:${formUrlEncode(consumerSecret)}`;
  return `Basic ${Buffer.from(joined, "utf8").toString("base64")}`;
}

function malformed(detail: string): never {
  throw new OAuthVerificationError("malformed_header", `malformed Basic credentials: ${detail}`);
}

/** Form-decoding (`+` is a space, `%XX` UTF-8), strict about bad escapes. */
function formDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return malformed("bad percent-encoding");
  }
}

/**
 * Parses `Authorization: Basic ...` as sent to /oauth2/token. Throws
 * `OAuthVerificationError` (`malformed_header`) when it is absent, another scheme, not
 * canonical base64, or lacks the `:`. Both parts are form-decoded.
 */
export function parseBasicAuthorization(value: string | undefined): BasicCredentials {
  if (value === undefined) return malformed("no Authorization header");
  const match = /^[ \t]*Basic[ \t]+([A-Za-z0-9+/]+={0,2})[ \t]*$/i.exec(value);
  const encoded = match?.[1];
  if (encoded === undefined) return malformed("not the Basic scheme with a base64 token");
  const bytes = Buffer.from(encoded, "base64");
  // Node's decoder skips junk silently; re-encoding catches non-canonical input.
  if (bytes.toString("base64").replace(/=+$/, "") !== encoded.replace(/=+$/, "")) {
    return malformed("not canonical base64");
  }
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  const colon = text.indexOf(":");
  if (colon < 0) return malformed("no ':' between key and secret");
  return {
    consumerKey: formDecode(text.slice(0, colon)),
    consumerSecret: formDecode(text.slice(colon + 1)),
  };
}

/**
 * Checks Basic credentials against the stored consumer secret, comparing in constant time.
 * Resolves with the consumer key; throws `OAuthVerificationError` with reason
 * `malformed_header`, `unknown_consumer` or `bad_credentials`.
 */
export async function verifyBasicAuthorization(
  value: string | undefined,
  lookupConsumerSecret: (consumerKey: string) => Promise<string | undefined> | string | undefined,
): Promise<string> {
  const { consumerKey, consumerSecret } = parseBasicAuthorization(value);
  const stored = await lookupConsumerSecret(consumerKey);
  if (stored === undefined) {
    throw new OAuthVerificationError("unknown_consumer", "unknown API key");
  }
  if (!constantTimeEqual(stored, consumerSecret)) {
    throw new OAuthVerificationError("bad_credentials", "the API key secret does not match");
  }
  return consumerKey;
}
