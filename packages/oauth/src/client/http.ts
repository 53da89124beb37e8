import {
  OAuthErrorCode,
  OAuthHttpError,
  OAuthProtocolError,
  OAuthTransportError,
} from "../errors.js";
import type { ApiErrorEntry } from "../errors.js";
import type { Clock, ConsumerCredentials, NonceSource } from "../types.js";

/** The part of a fetch `Response` the flow helpers read. */
export interface HttpResponseLike {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/** The part of fetch's `RequestInit` the flow helpers set. */
export interface HttpRequestInit {
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
  readonly signal?: AbortSignal;
}

/**
 * The HTTP transport: a subset of `fetch`, so the global `fetch`, undici's, or a wrapper
 * from packages/rest-client (retries, tracing, rate-limit bookkeeping) all fit.
 */
export type FetchLike = (url: string, init: HttpRequestInit) => Promise<HttpResponseLike>;

/** What every flow helper needs: where the server is and who the app is. */
export interface OAuthClientConfig {
  /**
   * `{base_url}` of spec §4.1, e.g. `https://api.example.com`. HTTPS is required (spec §4.1);
   * plain http is accepted only for loopback hosts, for tests and local servers.
   */
  readonly baseUrl: string;
  readonly consumer: ConsumerCredentials;
  /** Defaults to the global `fetch`. */
  readonly fetch?: FetchLike | undefined;
  readonly clock?: Clock | undefined;
  readonly nonce?: NonceSource | undefined;
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/** `{base_url}` + path (spec §4.1). Refuses plain http except on loopback. */
export function endpointUrl(baseUrl: string, path: string): string {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    throw new OAuthProtocolError(OAuthErrorCode.INVALID_ARGUMENT, "baseUrl is not an absolute URL");
  }
  const secure =
    base.protocol === "https:" || (base.protocol === "http:" && LOOPBACK.test(base.hostname));
  if (!secure) {
    throw new OAuthProtocolError(
      OAuthErrorCode.INVALID_ARGUMENT,
      "baseUrl must use https (spec §4.1)",
    );
  }
  return `${base.origin}${base.pathname.replace(/\/+$/, "")}${path}`;
}

const defaultFetch: FetchLike = (url, init) => fetch(url, init);

/** A finished exchange: the status and the body text. */
export interface HttpAnswer {
  readonly status: number;
  readonly text: string;
}

/** Sends one request. A transport failure becomes `OAuthTransportError` naming only method and path. */
export async function send(
  config: OAuthClientConfig,
  url: string,
  init: HttpRequestInit,
): Promise<HttpAnswer> {
  const path = new URL(url).pathname;
  try {
    const response = await (config.fetch ?? defaultFetch)(url, init);
    return { status: response.status, text: await response.text() };
  } catch (error) {
    throw new OAuthTransportError(init.method, path, error);
  }
}

/** Reads `{errors:[{code,message}]}` from an error body; anything else gives no entries. */
export function parseApiErrors(text: string): ApiErrorEntry[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [];
  }
  if (
    typeof body !== "object" ||
    body === null ||
    !("errors" in body) ||
    !Array.isArray(body.errors)
  ) {
    return [];
  }
  const entries: ApiErrorEntry[] = [];
  for (const item of body.errors as unknown[]) {
    if (typeof item !== "object" || item === null) continue;
    const { code, message } = item as { code?: unknown; message?: unknown };
    if (typeof code === "number")
      entries.push({ code, message: typeof message === "string" ? message : "" });
  }
  return entries;
}

/** Throws `OAuthHttpError` unless the answer is 2xx. */
export function expectOk(method: string, url: string, answer: HttpAnswer): void {
  if (answer.status >= 200 && answer.status < 300) return;
  throw new OAuthHttpError(
    method,
    new URL(url).pathname,
    answer.status,
    parseApiErrors(answer.text),
  );
}

/** Parses a JSON object body, or throws MALFORMED_RESPONSE naming the path. */
export function parseJsonObject(url: string, text: string): Record<string, unknown> {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === "object" && body !== null && !Array.isArray(body)) {
      return body as Record<string, unknown>;
    }
  } catch {
    // fall through to the error below
  }
  throw new OAuthProtocolError(
    OAuthErrorCode.MALFORMED_RESPONSE,
    `${new URL(url).pathname} did not answer with a JSON object`,
  );
}
