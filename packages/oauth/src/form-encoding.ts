import { percentEncode } from "./percent-encode.js";
import type { ParamPair } from "./types.js";

/**
 * Decodes a query string or an `application/x-www-form-urlencoded` body into pairs, as RFC 5849
 * §3.4.1.3.1 requires (W3C HTML 4.0 §17.13.4): `+` is a space, `%XX` are UTF-8 bytes, a name
 * without `=` has an empty value. WHATWG's URLSearchParams is that parser; it is lenient with
 * a stray `%`, and both the signer and the verifier use it, so they always agree.
 * A leading `?` is ignored.
 */
export function parseFormEncoded(text: string): ParamPair[] {
  return [...new URLSearchParams(text)];
}

/**
 * Form-encodes one value for Basic credentials of /oauth2/token ("encoded per RFC 1738"):
 * RFC 3986 percent-encoding with a space as `+`. Any form decoder reverses it exactly.
 */
export function formUrlEncode(value: string): string {
  return percentEncode(value).replace(/%20/g, "+");
}

/** Serialises pairs as a form body using the RFC 3986 encoder (so it matches the signature). */
export function serializeForm(pairs: readonly ParamPair[]): string {
  return pairs.map(([name, value]) => `${formUrlEncode(name)}=${formUrlEncode(value)}`).join("&");
}

/** True when a Content-Type names a form body (media type compared case-insensitively). */
export function isFormContentType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const mediaType = contentType.split(";")[0]?.trim().toLowerCase();
  return mediaType === "application/x-www-form-urlencoded";
}
