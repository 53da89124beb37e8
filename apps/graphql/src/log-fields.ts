import { redactForLog, redactString } from "@adsgraph/oauth";
import type { FastifyError } from "fastify";

/** Longer URLs are logged cut: a log line's size never depends on what a client sends. */
const LOGGED_URL_MAX = 2048;

/**
 * URLs logged as they came (nothing masked, nothing cut), remembered so that the next request
 * to one (every `POST /graphql`) is not scanned again (issue 37). Bounded; never a URL that
 * held anything to mask.
 */
const plainUrls = new Set<string>();
const PLAIN_URLS_MAX = 256;
const PLAIN_URL_MAX_CHARS = 256;

/** The URL as logged: credentials masked first, then cut to LOGGED_URL_MAX characters. */
export function loggedUrl(url: string): string {
  if (plainUrls.has(url)) return url;
  const logged = redactForLog(url, LOGGED_URL_MAX);
  if (logged === url && url.length <= PLAIN_URL_MAX_CHARS) {
    if (plainUrls.size >= PLAIN_URLS_MAX) plainUrls.clear();
    plainUrls.add(url);
  }
  return logged;
}

/**
 * How Fastify's logger writes an error. A client error (4xx: a body that is not JSON, too large,
 * a refused header) is logged as one line without a stack trace: it is no fault of the server,
 * and a stack would only hide the faults that are. Server errors keep their stack. Messages
 * are masked: a body parser's message may quote the body.
 */
export function errorLogFields(error: FastifyError): LoggedErrorFields {
  const status = error.statusCode ?? 500;
  const fields = {
    type: error.name,
    message: redactString(error.message),
    code: error.code,
    ...(error.statusCode !== undefined && { statusCode: error.statusCode }),
    ...(status >= 500 && error.stack !== undefined && { stack: redactString(error.stack) }),
  };
  // Fastify's type asks every logged error for a stack; client errors go without on purpose.
  return fields as LoggedErrorFields;
}

type LoggedErrorFields = { type: string; message: string; stack: string } & Record<string, unknown>;
