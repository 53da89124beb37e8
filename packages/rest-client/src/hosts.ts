import type { HostRole, WireRequest } from "@adsgraph/models";

/** The three host roles of spec §1 (`{base_url}`, `{ads_url}`, `{ads_sandbox_url}`). */
export type Hosts = Readonly<Record<HostRole, string>>;

/** The local ads-api (apps/ads-api) serves each role on its own loopback port. */
export const LOCAL_HOSTS: Hosts = {
  base: "http://127.0.0.1:4010",
  ads: "http://127.0.0.1:4011",
  "ads-sandbox": "http://127.0.0.1:4012",
};

/** The absolute URL of a laid-out request: its role's host, path and query string. */
export function requestUrl(
  hosts: Hosts,
  request: Pick<WireRequest, "host" | "path" | "query">,
): URL {
  const url = new URL(request.path, hosts[request.host]);
  for (const [name, value] of Object.entries(request.query)) url.searchParams.append(name, value);
  return url;
}
