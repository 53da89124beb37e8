/**
 * Text the database and every hop after it can hold (issue 12): no C0 control characters
 * (U+0000–U+001F) or DEL (U+007F), except TAB, LF and CR where a field takes line breaks, and
 * no lone UTF-16 surrogates (they have no UTF-8 form; PostgreSQL refuses NUL and broken
 * UTF-8). One charCodeAt pass: linear in the length whatever the content.
 */
export interface TextSafetyOptions {
  /** Allow TAB, LF and CR (multi-line free text such as post texts and descriptions). */
  readonly lineBreaks?: boolean;
}

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const LAST_C0 = 0x1f;
const DEL = 0x7f;
const HIGH_FIRST = 0xd800;
const HIGH_LAST = 0xdbff;
const LOW_FIRST = 0xdc00;
const LOW_LAST = 0xdfff;

const HEX_DIGITS = "FFFF".length;

const codePoint = (code: number): string =>
  `U+${code.toString(16).toUpperCase().padStart(HEX_DIGITS, "0")}`;

/** True for the first half of a surrogate pair. */
export function isHighSurrogate(code: number): boolean {
  return code >= HIGH_FIRST && code <= HIGH_LAST;
}

const isLowSurrogate = (code: number): boolean => code >= LOW_FIRST && code <= LOW_LAST;

/** Characters as the spec counts them (code points), without building an array. */
export function codePointLength(value: string): number {
  let length = value.length;
  for (let index = 0; index < value.length - 1; index += 1) {
    if (isHighSurrogate(value.charCodeAt(index)) && isLowSurrogate(value.charCodeAt(index + 1))) {
      length -= 1;
      index += 1;
    }
  }
  return length;
}

/**
 * The rule a string breaks, as a predicate that follows its parameter's name ("must not
 * contain control characters (found U+0000 at index 3)"), or undefined when it is safe.
 */
export function textProblem(value: string, options: TextSafetyOptions = {}): string | undefined {
  const lineBreaks = options.lineBreaks === true;
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code <= LAST_C0 || code === DEL) {
      if (lineBreaks && (code === TAB || code === LF || code === CR)) continue;
      return `must not contain control characters (found ${codePoint(code)} at index ${index})`;
    }
    if (code < HIGH_FIRST || code > LOW_LAST) continue;
    if (isHighSurrogate(code) && isLowSurrogate(value.charCodeAt(index + 1))) {
      index += 1; // a well-formed pair
      continue;
    }
    return `must be well-formed Unicode text (found a lone surrogate ${codePoint(code)} at index ${index})`;
  }
  return undefined;
}
