import { BadRequestError, ERROR_CODES } from "../errors.js";

/** One `name=value` pair as sent, decoded. */
export type DecodedPair = [name: string, value: string];

/** How much of an undecodable name an error repeats (names are short; this one is not). */
const NAME_SHOWN = 64;

function decodePart(part: string): string | undefined {
  try {
    // decodeURIComponent refuses a `%` without two hex digits and bytes that are not UTF-8
    // (including encoded surrogates), where URLSearchParams would substitute U+FFFD silently.
    return decodeURIComponent(part.replaceAll("+", " "));
  } catch {
    return undefined;
  }
}

/**
 * Decodes `application/x-www-form-urlencoded` text (a query string without its `?`, or a form
 * body) strictly: `+` is a space and every `%XX` must be well formed and spell UTF-8. Bad
 * encoding is a 400 naming the parameter, never text the database cannot hold. One pass over
 * the input (split, indexOf and decodeURIComponent are linear).
 */
export function decodeFormPairs(text: string): DecodedPair[] {
  const pairs: DecodedPair[] = [];
  for (const piece of text.split("&")) {
    if (piece === "") continue;
    const equals = piece.indexOf("=");
    const rawName = equals === -1 ? piece : piece.slice(0, equals);
    const rawValue = equals === -1 ? "" : piece.slice(equals + 1);
    const name = decodePart(rawName);
    if (name === undefined) {
      throw BadRequestError.of(
        ERROR_CODES.INVALID_PARAMETER,
        "a parameter name is not valid percent-encoded UTF-8",
        rawName.slice(0, NAME_SHOWN),
      );
    }
    const value = decodePart(rawValue);
    if (value === undefined) {
      throw BadRequestError.of(
        ERROR_CODES.INVALID_PARAMETER,
        `${name.slice(0, NAME_SHOWN)} is not valid percent-encoded UTF-8`,
        name.slice(0, NAME_SHOWN),
      );
    }
    pairs.push([name, value]);
  }
  return pairs;
}
