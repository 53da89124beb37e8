import { request as httpRequest } from "node:http";
import { serializeForm, signRequest } from "@adsgraph/oauth";
import type { ApiResponse, Credentials } from "../../support/signed-fetch.js";

/**
 * One request sent byte for byte as given: `fetch` would normalise the path (`%2e%2e`,
 * dot segments) and refuse some bodies, which is exactly what these tests must send.
 */
export interface RawRequest {
  readonly method: string;
  /** Absolute URL; its path and query go on the request line unchanged. */
  readonly url: string;
  readonly body?: string | Buffer;
  readonly contentType?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Sign with these (OAuth 1.0a, the body signed when it is a form). */
  readonly credentials?: Credentials | undefined;
  /** Replaces the Authorization header the signature would give. */
  readonly authorization?: string;
}

/** Pairs as a query string (RFC 3986 encoding, as the client signs them). */
export function queryOf(pairs: readonly (readonly [string, string])[]): string {
  return pairs.length === 0 ? "" : `?${serializeForm(pairs.map(([n, v]) => [n, v]))}`;
}

/** The Authorization header a client with these credentials would send for this request. */
export function authorizationFor(
  method: string,
  url: string,
  credentials: Credentials,
  form?: string,
): string {
  return signRequest({
    method,
    url,
    consumer: credentials.consumer,
    token: credentials.token,
    form,
  }).authorization;
}

export function rawRequest(request: RawRequest): Promise<ApiResponse> {
  const url = new URL(request.url);
  const headers: Record<string, string> = { ...request.headers };
  if (request.contentType !== undefined) headers["content-type"] = request.contentType;
  if (request.authorization !== undefined) {
    headers.authorization = request.authorization;
  } else if (request.credentials !== undefined) {
    const isForm = request.contentType?.startsWith("application/x-www-form-urlencoded") === true;
    headers.authorization = authorizationFor(
      request.method,
      request.url,
      request.credentials,
      isForm && typeof request.body === "string" ? request.body : undefined,
    );
  }
  const target = request.url.slice(url.origin.length) || "/";
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      // A connection of its own: a kept-alive one could be closed by the server's idle timeout
      // just as it is reused (a slow test between two requests), a "socket hang up" of the test's.
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: target,
        headers,
        agent: false,
      },
      (response) => {
        // An accepted activity stream (spec §6) never ends by itself: its head is the answer.
        if ((response.headers["content-type"] ?? "").includes("x-ndjson")) {
          resolve({
            status: response.statusCode ?? 0,
            headers: new Headers({ "content-type": response.headers["content-type"] ?? "" }),
            text: "",
            body: undefined,
          });
          response.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (typeof value === "string") responseHeaders.set(name, value);
          }
          const json = (response.headers["content-type"] ?? "").includes("json") && text !== "";
          resolve({
            status: response.statusCode ?? 0,
            headers: responseHeaders,
            text,
            body: json ? (JSON.parse(text) as unknown) : undefined,
          });
        });
      },
    );
    outgoing.on("error", reject);
    if (request.body !== undefined) outgoing.write(request.body);
    outgoing.end();
  });
}
