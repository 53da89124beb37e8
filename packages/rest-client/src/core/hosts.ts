import type { HostRole, WireRequest } from "@adsgraph/models";
import { percentEncode } from "@adsgraph/oauth";

/** The three host roles of spec §1 (`{base_url}`, `{ads_url}`, `{ads_sandbox_url}`). */
export type Hosts = Readonly<Record<HostRole, string>>;

/** The local ads-api (apps/ads-api) serves each role on its own loopback port. */
export const LOCAL_HOSTS: Hosts = {
  base: "http://127.0.0.1:4010",
  ads: "http://127.0.0.1:4011",
  "ads-sandbox": "http://127.0.0.1:4012",
};

/**
 * The absolute URL of a laid-out request: its role's host (keeping any path prefix of the
 * host URL, e.g. a proxy's `/ads`), the path, and the query string encoded per RFC 3986, the
 * encoding OAuth 1.0a signs (so `*`, `!`, `'` and spaces never break a signature).
 */
export function requestUrl(
  hosts: Hosts,
  request: Pick<WireRequest, "host" | "path" | "query">,
): URL {
  const base = new URL(hosts[request.host]);
  const prefix = base.pathname.replace(/\/+$/, "");
  const query = Object.entries(request.query)
    .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`)
    .join("&");
  return new URL(`${base.origin}${prefix}${request.path}${query === "" ? "" : `?${query}`}`);
}
