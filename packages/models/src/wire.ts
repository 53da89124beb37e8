import type { AnyEndpoint, HostRole, HttpMethod } from "./catalog/endpoint.js";

/** A request laid out by parameter location, ready for an HTTP client. */
export interface WireRequest {
  readonly method: HttpMethod;
  readonly host: HostRole;
  /** Version segment and filled path template, segments URI-encoded (`/12/accounts/abc`). */
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly form: Readonly<Record<string, string>>;
  /** `oauth_*` protocol parameters for the OAuth 1.0a Authorization header (signed there). */
  readonly header: Readonly<Record<string, string>>;
  /** Fields of a JSON object body, or undefined when none. */
  readonly json: Readonly<Record<string, unknown>> | undefined;
  /** A whole JSON body (batch arrays), or undefined. */
  readonly body: unknown;
}

/** spec §4.2: lists are comma-separated and booleans are the words true/false on the wire. */
export function toWireString(value: unknown): string {
  if (Array.isArray(value)) return value.map(toWireString).join(",");
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/**
 * Lays validated parameters (the output of validateParams) out by location. Absent values
 * are left out.
 */
export function toWire(
  endpoint: AnyEndpoint,
  params: Readonly<Record<string, unknown>>,
): WireRequest {
  const query: Record<string, string> = {};
  const form: Record<string, string> = {};
  const header: Record<string, string> = {};
  const json: Record<string, unknown> = {};
  let body: unknown = undefined;
  let hasJson = false;

  const path = endpoint.path.replace(/:([a-z_]+)/g, (_match, name: string) =>
    encodeURIComponent(toWireString(params[name])),
  );
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    // Own names only: an open parameter named `constructor` is data, not Object's member.
    const named = Object.hasOwn(endpoint.locations, name) ? endpoint.locations[name] : undefined;
    const location = named ?? endpoint.location;
    switch (location) {
      case "path":
        break;
      case "query":
        query[name] = toWireString(value);
        break;
      case "form":
        form[name] = toWireString(value);
        break;
      case "header":
        header[name] = toWireString(value);
        break;
      case "json":
        json[name] = value;
        hasJson = true;
        break;
      case "body":
        body = value;
        break;
    }
  }
  const prefix = endpoint.version === null ? "" : `/${endpoint.version}`;
  return {
    method: endpoint.method,
    host: endpoint.host,
    path: `${prefix}${path}`,
    query,
    form,
    header,
    json: hasJson ? json : undefined,
    body,
  };
}
