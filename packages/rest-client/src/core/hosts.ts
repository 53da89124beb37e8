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

/** Each host URL's origin and path prefix (e.g. a proxy's `/ads`), read once: hosts are few. */
const prefixes = new Map<string, string>();
const PREFIXES_MAX = 64;

function hostPrefix(host: string): string {
  let prefix = prefixes.get(host);
  if (prefix === undefined) {
    const base = new URL(host);
    prefix = `${base.origin}${base.pathname.replace(/\/+$/, "")}`;
    if (prefixes.size >= PREFIXES_MAX) prefixes.clear();
    prefixes.set(host, prefix);
  }
  return prefix;
}

/**
 * The absolute URL of a laid-out request: its role's host (keeping any path prefix of the
 * host URL, e.g. a proxy's `/ads`), the path, and the query string encoded per RFC 3986, the
 * encoding OAuth 1.0a signs (so `*`, `!`, `'` and spaces never break a signature).
 */
export function requestUrl(
  hosts: Hosts,
  request: Pick<WireRequest, "host" | "path" | "query">,
): URL {
  const query = Object.entries(request.query)
    .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`)
    .join("&");
  return new URL(
    `${hostPrefix(hosts[request.host])}${request.path}${query === "" ? "" : `?${query}`}`,
  );
}
