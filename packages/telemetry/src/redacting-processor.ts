import type { Attributes } from "@opentelemetry/api";
import { redactForLog } from "@adsgraph/oauth";
import type { ReadableSpan, Span, SpanProcessor } from "@opentelemetry/sdk-trace-base";

/** Longer attribute values are exported cut, as log lines are (a span's size is ours to bound). */
const ATTRIBUTE_MAX = 2048;

/**
 * Values seen to hold no credential, so the next span with them skips the scan: most are the
 * same few strings on every span (methods, routes, hook names, addresses). Short ones only,
 * and a bounded number (emptied when full).
 */
const clean = new Set<string>();
const CLEAN_MAX_ENTRIES = 1024;
const CLEAN_MAX_LENGTH = 256;

function masked(value: string): string {
  if (clean.has(value)) return value;
  const result = redactForLog(value, ATTRIBUTE_MAX);
  if (result === value && value.length <= CLEAN_MAX_LENGTH) {
    if (clean.size >= CLEAN_MAX_ENTRIES) clean.clear();
    clean.add(value);
  }
  return result;
}

function redactAttributes(attributes: Attributes, set: (key: string, value: string) => void): void {
  for (const key in attributes) {
    const value = attributes[key];
    if (typeof value !== "string") continue;
    const result = masked(value);
    if (result !== value) set(key, result);
  }
}

/**
 * Masks credentials in every span before any exporter sees it, as the loggers do: string
 * attributes (a URL's query string: the OAuth callback's `oauth_token` and `oauth_verifier`),
 * the status message (an error's text may quote a request body) and event attributes. The
 * instrumentations record no headers, and nothing records GraphQL variables; this is the one
 * place that guarantees what they do record carries no secret. Registered first: it runs in
 * `onEnding`, while the span can still be changed, before the batch processor takes it.
 */
export class RedactingSpanProcessor implements SpanProcessor {
  onStart(): void {
    // Attributes may change until the span ends: they are read at its end.
  }

  onEnding(span: Span): void {
    redactAttributes(span.attributes, (key, value) => span.setAttribute(key, value));
    for (const event of span.events) {
      const attributes = event.attributes;
      if (attributes !== undefined) {
        redactAttributes(attributes, (key, value) => {
          // Events cannot be changed through the API once added: their record is.
          (attributes as Record<string, unknown>)[key] = value;
        });
      }
    }
    const message = span.status.message;
    if (message !== undefined) {
      const result = masked(message);
      if (result !== message) span.setStatus({ ...span.status, message: result });
    }
  }

  onEnd(_span: ReadableSpan): void {
    // Done in onEnding.
  }

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}
