import { isUtf8 } from "node:buffer";

/**
 * What a broken UTF-8 sequence becomes: a lone low surrogate, which no well-formed text holds.
 * Inside a JSON string or a form value it reaches validation, whose text rule refuses it naming
 * the parameter ("must be well-formed Unicode text"); anywhere else in JSON it is a syntax error.
 * (A replacement character instead would be stored as if it were what the client meant.)
 */
export const BROKEN_UTF8 = "\udfff";

const isContinuation = (byte: number | undefined): boolean =>
  byte !== undefined && byte >= 0x80 && byte <= 0xbf;
const inRange = (byte: number | undefined, low: number, high: number): boolean =>
  byte !== undefined && byte >= low && byte <= high;

/**
 * Bytes of the well-formed sequence starting at `at` (RFC 3629 §4: no overlong forms, no
 * surrogates, nothing past U+10FFFF), or 0 when the bytes there are not UTF-8.
 */
function sequenceLength(bytes: Buffer, at: number): number {
  const first = bytes[at] ?? 0;
  const [b1, b2, b3] = [bytes[at + 1], bytes[at + 2], bytes[at + 3]];
  if (first < 0x80) return 1;
  if (first >= 0xc2 && first <= 0xdf) return isContinuation(b1) ? 2 : 0;
  const tail2 = isContinuation(b2);
  if (first === 0xe0) return inRange(b1, 0xa0, 0xbf) && tail2 ? 3 : 0;
  if (first === 0xed) return inRange(b1, 0x80, 0x9f) && tail2 ? 3 : 0;
  if (first >= 0xe1 && first <= 0xef) return isContinuation(b1) && tail2 ? 3 : 0;
  const tail3 = tail2 && isContinuation(b3);
  if (first === 0xf0) return inRange(b1, 0x90, 0xbf) && tail3 ? 4 : 0;
  if (first >= 0xf1 && first <= 0xf3) return isContinuation(b1) && tail3 ? 4 : 0;
  if (first === 0xf4) return inRange(b1, 0x80, 0x8f) && tail3 ? 4 : 0;
  return 0;
}

/**
 * A body's bytes as text, each broken UTF-8 sequence marked with BROKEN_UTF8 so that the
 * parameter holding it is refused by name. One pass; well-formed bodies take the fast path.
 */
export function decodeUtf8MarkingBroken(bytes: Buffer): string {
  if (isUtf8(bytes)) return bytes.toString("utf8");
  const parts: string[] = [];
  let start = 0;
  let at = 0;
  while (at < bytes.length) {
    const length = sequenceLength(bytes, at);
    if (length > 0) {
      at += length;
      continue;
    }
    parts.push(bytes.toString("utf8", start, at), BROKEN_UTF8);
    at += 1;
    while (isContinuation(bytes[at])) at += 1; // one mark per broken sequence
    start = at;
  }
  parts.push(bytes.toString("utf8", start));
  return parts.join("");
}
