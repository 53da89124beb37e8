import { serializeForm, signRequest } from "@adsgraph/oauth";
import type { ConsumerCredentials, TokenCredentials } from "@adsgraph/oauth";
import type { HostRole } from "@adsgraph/models";

export interface Credentials {
  readonly consumer: ConsumerCredentials;
  readonly token?: TokenCredentials | undefined;
}

/** A list value is sent as the name repeated, once per item (as Python's requests does). */
export type Query = Readonly<
  Record<string, string | number | boolean | readonly string[] | undefined>
>;

export interface RequestOptions {
  readonly query?: Query;
  readonly form?: Readonly<Record<string, string>>;
  readonly json?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** Extra protocol parameters (oauth_callback, oauth_verifier). */
  readonly oauthParams?: Readonly<Record<string, string>>;
  /** Do not sign (unauthenticated requests). */
  readonly unsigned?: boolean;
  readonly redirect?: "follow" | "manual" | "error";
  /**
   * Send to this origin instead of the signed URL's (one replica's own address, while the
   * signature covers the public URL the replicas share).
   */
  readonly sendTo?: string;
}

export interface ApiResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The parsed JSON body; read it through the helpers of `bodies.ts`. */
  readonly body: unknown;
}

/** An absolute URL with the query encoded as RFC 3986 (so signatures agree). */
export function withQuery(base: string, path: string, query: Query = {}): string {
  const pairs = Object.entries(query).flatMap(([name, value]): [string, string][] => {
    if (value === undefined) return [];
    if (Array.isArray(value)) return value.map((item: string) => [name, item]);
    return [[name, String(value)]];
  });
  const search = pairs.length === 0 ? "" : `?${serializeForm(pairs)}`;
  return `${base}${path}${search}`;
}

/** `url` with its origin replaced by `origin` (path and query kept byte for byte). */
export function sentTo(url: string, origin: string): string {
  const parsed = new URL(url);
  return `${origin}${url.slice(parsed.origin.length)}`;
}

/** Sends a request signed with OAuth 1.0a (packages/oauth), as a client of the service would. */
export async function signedFetch(
  method: string,
  url: string,
  credentials: Credentials | undefined,
  options: RequestOptions = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (options.form !== undefined) {
    body = serializeForm(Object.entries(options.form));
    headers["content-type"] = "application/x-www-form-urlencoded";
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers["content-type"] = "application/json";
  }
  if (credentials !== undefined && options.unsigned !== true) {
    headers.authorization = signRequest({
      method,
      url,
      consumer: credentials.consumer,
      token: credentials.token,
      form: options.form === undefined ? undefined : Object.entries(options.form),
      oauthParams: options.oauthParams,
    }).authorization;
  }
  const target = options.sendTo === undefined ? url : sentTo(url, options.sendTo);
  const response = await fetch(target, {
    method,
    headers,
    body,
    redirect: options.redirect ?? "manual",
  });
  // An accepted activity stream (spec §6) never ends by itself: its head is the answer.
  if ((response.headers.get("content-type") ?? "").includes("x-ndjson")) {
    await response.body?.cancel();
    return { status: response.status, headers: response.headers, text: "", body: undefined };
  }
  const text = await response.text();
  let parsed: unknown = undefined;
  if ((response.headers.get("content-type") ?? "").includes("json") && text !== "")
    parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, text, body: parsed };
}

/** A signed client for one user: `client.get("ads", "/12/accounts", { query })`. */
export class AdsClient {
  readonly urls: Readonly<Record<HostRole, string>>;
  readonly credentials: Credentials;
  /** Where requests go when not to `urls` (one replica's listen URLs; signed for `urls`). */
  readonly sendTo: Readonly<Record<HostRole, string>> | undefined;

  constructor(
    urls: Readonly<Record<HostRole, string>>,
    credentials: Credentials,
    sendTo?: Readonly<Record<HostRole, string>>,
  ) {
    this.urls = urls;
    this.credentials = credentials;
    this.sendTo = sendTo;
  }

  request(
    method: string,
    role: HostRole,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse> {
    return signedFetch(
      method,
      withQuery(this.urls[role], path, options.query),
      this.credentials,
      this.sendTo === undefined ? options : { sendTo: this.sendTo[role], ...options },
    );
  }

  get(path: string, query?: Query, role: HostRole = "ads"): Promise<ApiResponse> {
    return this.request("GET", role, path, { query });
  }

  post(path: string, options: RequestOptions = {}, role: HostRole = "ads"): Promise<ApiResponse> {
    return this.request("POST", role, path, options);
  }

  put(path: string, options: RequestOptions = {}, role: HostRole = "ads"): Promise<ApiResponse> {
    return this.request("PUT", role, path, options);
  }

  delete(path: string, query?: Query, role: HostRole = "ads"): Promise<ApiResponse> {
    return this.request("DELETE", role, path, { query });
  }
}
