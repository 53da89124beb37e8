import { hideShownValue } from "@adsgraph/models";
import type { Violation } from "@adsgraph/models";
import { isSensitiveName, REDACTED, redactString } from "@adsgraph/oauth";

/** A violation of a parameter named like a credential never shows the value it got. */
export function hideSensitiveValue(violation: Violation): Violation {
  const top = violation.parameter.split(/[.[]/)[0] ?? "";
  const message = isSensitiveName(top)
    ? hideShownValue(violation.message)
    : redactString(violation.message);
  return { ...violation, message };
}

/** Masks known secret values (configured credentials, the bearer token in use) in text. */
export type Scrub = (text: string) => string;

export function secretScrubber(secrets: ReadonlyArray<string | undefined>): Scrub {
  const list = secrets
    .filter((s): s is string => s !== undefined && s.length >= 4)
    .sort((a, b) => b.length - a.length);
  return (text) =>
    list.reduce((out, secret) => out.split(secret).join(REDACTED), redactString(text));
}

type Mutable = Record<string, unknown>;
/** An item of an error's `errors`, `violations` or `operationErrors[].errors`. */
type Item = { readonly message: string };
type Operation = { readonly index: number; readonly errors: readonly Item[] };

/**
 * Second line of defence: a server that echoes a credential verbatim in an error message is
 * masked by value, not only by name. Rewrites the message, stack and item messages in place.
 */
export function scrubError<E extends Error>(error: E, scrub: Scrub): E {
  const target = error as unknown as Mutable;
  target.message = scrub(error.message);
  if (error.stack !== undefined) target.stack = scrub(error.stack);
  for (const field of ["errors", "violations"] as const) {
    const items = target[field];
    if (Array.isArray(items)) {
      target[field] = (items as Item[]).map((item) => ({
        ...item,
        message: scrub(item.message),
      }));
    }
  }
  if (Array.isArray(target.operationErrors)) {
    target.operationErrors = (target.operationErrors as Operation[]).map((op) => ({
      index: op.index,
      errors: op.errors.map((e) => ({ ...e, message: scrub(e.message) })),
    }));
  }
  return error;
}
