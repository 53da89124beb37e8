/**
 * Masking of credentials inside free text (headers, URLs, form and JSON bodies, error texts).
 *
 * Each pass is a left-to-right scan in which every character is looked at a bounded number of
 * times, so the cost is linear in the text's length whatever it holds. The regular expressions
 * these scans replace backtracked: `([A-Za-z0-9_%.~-]+)\s*=\s*"…"` tried every start inside a
 * long run of name characters, quadratic in its length (a 500,000-character id froze the
 * facade). The scans keep those expressions' exact results (checked against them in
 * redact-text.test.ts).
 */

import { isSpace, skipSpaces } from "./white-space.js";

export const REDACTED = "[REDACTED]";

/** What `redactForLog` keeps of a text by default: a log line, not a copy of the request. */
export const LOGGED_TEXT_LIMIT = 4096;

// Literal alternatives only: constant work per start position.
const SENSITIVE_NAME =
  /secret|token|signature|passw|authorization|verifier|cookie|credential|private[_-]?key|api[_-]?key[_-]?secret/i;

/** True when a key or parameter name (raw or percent-encoded) names a credential. */
export function isSensitiveName(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name.replaceAll("+", " "));
  } catch {
    // A malformed escape: judge the raw name.
  }
  return SENSITIVE_NAME.test(decoded);
}

/** What `.` refuses without the `s` flag. */
function isLineTerminator(code: number): boolean {
  return code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029;
}

/** Builds the output lazily: texts without a credential are returned as they came. */
class Splicer {
  readonly #text: string;
  #out = "";
  #copied = 0;

  constructor(text: string) {
    this.#text = text;
  }

  /** Keeps the text up to `keepUntil`, writes `replacement`, and resumes the copy at `resumeAt`. */
  replace(keepUntil: number, replacement: string, resumeAt: number): void {
    this.#out += this.#text.slice(this.#copied, keepUntil) + replacement;
    this.#copied = resumeAt;
  }

  result(): string {
    return this.#copied === 0 ? this.#text : this.#out + this.#text.slice(this.#copied);
  }
}

interface JsonMember {
  readonly nameEnd: number;
  /** Just after the value's opening quote. */
  readonly valueStart: number;
  /** Just after the value's closing quote. */
  readonly end: number;
}

/** `"name"\s*:\s*"value"` at `start` (a quote); the value a JSON string with escapes. */
function jsonMemberAt(text: string, start: number): JsonMember | undefined {
  let at = start + 1;
  while (at < text.length && text[at] !== '"' && text[at] !== "\\") at += 1;
  if (at === start + 1 || text[at] !== '"') return undefined;
  const nameEnd = at;
  at = skipSpaces(text, at + 1);
  if (text[at] !== ":") return undefined;
  at = skipSpaces(text, at + 1);
  if (text[at] !== '"') return undefined;
  const valueStart = at + 1;
  for (at = valueStart; at < text.length; at += 1) {
    const char = text[at];
    if (char === '"') return { nameEnd, valueStart, end: at + 1 };
    if (char === "\\") {
      if (at + 1 >= text.length || isLineTerminator(text.charCodeAt(at + 1))) return undefined;
      at += 1;
    }
  }
  return undefined;
}

/**
 * JSON members: `"access_token":"…"`. Linear: an attempt starts only at a quote; a failed
 * attempt's name stops at the next quote or backslash, and a failed value holds only escaped
 * quotes, whose own attempts stop at the backslash before the next one.
 */
function maskJsonMembers(text: string): string {
  const out = new Splicer(text);
  let at = text.indexOf('"');
  while (at !== -1) {
    const member = jsonMemberAt(text, at);
    if (member === undefined) {
      at = text.indexOf('"', at + 1);
      continue;
    }
    if (isSensitiveName(text.slice(at + 1, member.nameEnd))) {
      out.replace(member.valueStart, `${REDACTED}"`, member.end);
    }
    at = text.indexOf('"', member.end);
  }
  return out.result();
}

/** `[A-Za-z0-9_%.~-]`: an Authorization header parameter name, percent-encoded. */
function isHeaderNameChar(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) || // a-z
    (code >= 0x41 && code <= 0x5a) || // A-Z
    (code >= 0x30 && code <= 0x39) || // 0-9
    code === 0x5f || // _
    code === 0x25 || // %
    code === 0x2e || // .
    code === 0x7e || // ~
    code === 0x2d // -
  );
}

/**
 * Authorization header parameters: `oauth_signature="…"`. Linear: a run of name characters is
 * tried once, from its start (a match found inside a run is also found from its start).
 */
function maskQuotedParams(text: string): string {
  const out = new Splicer(text);
  let at = 0;
  while (at < text.length) {
    if (!isHeaderNameChar(text.charCodeAt(at))) {
      at += 1;
      continue;
    }
    const nameStart = at;
    while (at < text.length && isHeaderNameChar(text.charCodeAt(at))) at += 1;
    const nameEnd = at;
    let next = skipSpaces(text, nameEnd);
    if (text[next] !== "=") continue;
    next = skipSpaces(text, next + 1);
    if (text[next] !== '"') continue;
    const close = text.indexOf('"', next + 1);
    // No quote after this one: no later parameter can close either.
    if (close === -1) break;
    if (isSensitiveName(text.slice(nameStart, nameEnd))) {
      out.replace(next + 1, `${REDACTED}"`, close + 1);
    }
    at = close + 1;
  }
  return out.result();
}

/** `[?&;\s,'(]`: what may come before a `name=value` pair. */
function isPairLead(code: number): boolean {
  return (
    code === 0x3f || // ?
    code === 0x26 || // &
    code === 0x3b || // ;
    code === 0x2c || // ,
    code === 0x27 || // '
    code === 0x28 || // (
    isSpace(code)
  );
}

// The runs of a pair, each one character class matched greedily from a set position (sticky):
// nothing to backtrack into, so linear, and scanned by the regular expression engine rather
// than a character at a time in JavaScript (a span's URL is masked on every request).
/** `[^?&;,'(\s]*`: up to the next lead. */
const NON_LEAD_RUN = /[^?&;,'(\s]*/y;
/** `[^=&\s?#"'(,;]*`: a pair's name. Leads are never name characters. */
const PAIR_NAME_RUN = /[^=&?#"'(,;\s]*/y;
/** `[^&\s#"',;)]*`: a pair's unquoted value. */
const PAIR_VALUE_RUN = /[^&#"',;)\s]*/y;

/** Where the run of `run`'s characters that starts at `from` ends. */
function runEnd(run: RegExp, text: string, from: number): number {
  run.lastIndex = from;
  run.test(text);
  return run.lastIndex;
}

/**
 * Query strings and form bodies: `a=1&oauth_token=…`, a pair at the start of the text or after
 * one of `?&;,'(` or a space, its value unquoted. Linear: a name is scanned once, from the lead
 * before it, and a lead is never part of a name.
 */
function maskFormPairs(text: string): string {
  const out = new Splicer(text);
  let at = 0;
  while (at < text.length) {
    const lead = isPairLead(text.charCodeAt(at));
    if (!lead && at !== 0) {
      at = runEnd(NON_LEAD_RUN, text, at);
      continue;
    }
    const nameStart = lead ? at + 1 : at;
    const nameEnd = runEnd(PAIR_NAME_RUN, text, nameStart);
    if (nameEnd === nameStart || text[nameEnd] !== "=" || text[nameEnd + 1] === '"') {
      at += 1;
      continue;
    }
    const valueEnd = runEnd(PAIR_VALUE_RUN, text, nameEnd + 1);
    if (isSensitiveName(text.slice(nameStart, nameEnd))) {
      out.replace(nameEnd + 1, REDACTED, valueEnd);
    }
    at = valueEnd;
  }
  return out.result();
}

// RFC 6750 b64token, RFC 7617 token68. Linear: it starts only at the word Bearer or Basic, and
// the space run, token and padding use disjoint classes, so nothing is tried twice.
const SCHEME_CREDENTIAL = /\b(Bearer|Basic)(\s+)[A-Za-z0-9\-._~+/%]+=*/gi;

/** Masks credentials inside free text: headers, query strings, form and JSON bodies. */
export function redactString(text: string): string {
  // A pass finds nothing in a text without its own character (JSON members and quoted header
  // parameters a quote, pairs an '='): most texts are URLs and paths, which skip two or three.
  let out = text;
  if (out.includes('"')) out = maskQuotedParams(maskJsonMembers(out));
  if (out.includes("=")) out = maskFormPairs(out);
  return out.replace(SCHEME_CREDENTIAL, `$1$2${REDACTED}`);
}

/**
 * `redactString`, then cut to `maxLength` characters with a marker saying how long it was: for
 * logging request-controlled text (URLs). Masking runs over the whole text first, so a
 * credential that straddles the cut is masked, never half shown.
 */
export function redactForLog(text: string, maxLength = LOGGED_TEXT_LIMIT): string {
  const masked = redactString(text);
  if (masked.length <= maxLength) return masked;
  let cut = Math.max(0, maxLength);
  // Never end on half of a surrogate pair.
  const last = masked.charCodeAt(cut - 1);
  if (cut > 0 && last >= 0xd800 && last <= 0xdbff) cut -= 1;
  return `${masked.slice(0, cut)}…[truncated: ${masked.length} characters]`;
}
