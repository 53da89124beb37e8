/**
 * One place that masks credentials before anything is printed (errors, logs, test output).
 *
 * Masked: `oauth_token`, `oauth_token_secret`, `oauth_signature`, `oauth_verifier`, bearer
 * tokens, Basic credentials, and any key or parameter whose name mentions a secret, token,
 * signature, password, verifier, authorization, cookie or credential.
 * Kept visible on purpose: `oauth_consumer_key` (the API key identifies the app and is sent in
 * clear in every request; it is not a secret, and support needs it), `oauth_nonce`,
 * `oauth_timestamp`, `oauth_callback`, `oauth_signature_method`, `oauth_version`.
 * Over-masking (e.g. `token_type`) is accepted: a false positive costs a log detail, a false
 * negative leaks a credential.
 * Free text is scanned in linear time by redact-text.ts.
 */

import { isSensitiveName, REDACTED, redactString } from "./redact-text.js";

const MAX_DEPTH = 20;

/** Masks an Authorization header value, keeping the scheme and the non-secret OAuth fields. */
export function redactAuthorization(value: string): string {
  const scheme = /^\s*([A-Za-z0-9!#$%&'*+.^_`|~-]+)/.exec(value)?.[1];
  if (scheme === undefined) return REDACTED;
  if (scheme.toLowerCase() === "oauth") return redactString(value);
  return `${scheme} ${REDACTED}`;
}

function redactUnderKey(
  key: string,
  value: unknown,
  seen: WeakSet<object>,
  depth: number,
): unknown {
  if (!isSensitiveName(key)) return redactDeep(value, seen, depth + 1);
  if (typeof value === "string" && /^authorization$/i.test(key)) return redactAuthorization(value);
  if (Array.isArray(value)) return value.map(() => REDACTED);
  return value === undefined || value === null ? value : REDACTED;
}

function redactEntries(
  entries: Iterable<readonly [unknown, unknown]>,
  seen: WeakSet<object>,
  depth: number,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    const name = String(key);
    Object.defineProperty(out, name, {
      value: redactUnderKey(name, value, seen, depth),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** `Headers`, `Map` and look-alikes: anything with entries(), get() and has(). */
function isMapLike(value: object): value is { entries(): Iterable<readonly [unknown, unknown]> } {
  return (
    typeof (value as { entries?: unknown }).entries === "function" &&
    typeof (value as { get?: unknown }).get === "function" &&
    typeof (value as { has?: unknown }).has === "function"
  );
}

function redactDeep(value: unknown, seen: WeakSet<object>, depth: number): unknown {
  if (typeof value === "string") return redactString(value);
  if (typeof value !== "object" || value === null) return value;
  if (depth > MAX_DEPTH) return "[Truncated]";
  if (seen.has(value)) return "[Circular]";
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((v: unknown) => redactDeep(v, seen, depth + 1));
    if (value instanceof URL || value instanceof URLSearchParams)
      return redactString(value.toString());
    if (value instanceof Error) {
      const own = redactEntries(Object.entries(value), seen, depth);
      return { ...own, name: value.name, message: redactString(value.message) };
    }
    if (isMapLike(value)) return redactEntries(value.entries(), seen, depth);
    return redactEntries(Object.entries(value), seen, depth);
  } finally {
    seen.delete(value);
  }
}

/**
 * Returns a copy of `value` safe to print. Strings are scanned for credentials; objects,
 * arrays, `Headers`, `Map`s, URLs and errors are copied with sensitive keys masked.
 */
export function redact(value: string): string;
export function redact(value: unknown): unknown;
export function redact(value: unknown): unknown {
  return redactDeep(value, new WeakSet(), 0);
}
