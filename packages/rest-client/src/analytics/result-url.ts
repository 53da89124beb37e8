import type { Hosts } from "../core/hosts.js";

/**
 * Whether a job's result url may be downloaded: the client's own ads host origin, or an origin
 * the caller listed (`resultOrigins`, e.g. the vendor's file host). The url comes from the
 * service's answer, so anything else (another host, port or scheme, a userinfo part) is
 * refused before a request: the client must not fetch what an answer points it at.
 */
export function trustedResultUrl(
  url: string,
  hosts: Hosts,
  resultOrigins: readonly string[],
): URL | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return undefined;
  if (parsed.username !== "" || parsed.password !== "") return undefined;
  const allowed = new Set([new URL(hosts.ads).origin, ...resultOrigins.map(originOf)]);
  return allowed.has(parsed.origin) ? parsed : undefined;
}

/** An origin as written in `resultOrigins` (`https://ton.twimg.com`, a trailing path ignored). */
function originOf(origin: string): string {
  return URL.canParse(origin) ? new URL(origin).origin : origin;
}

/** The file name of a result url (its last path segment), as `stats.jobs.result` names it. */
export function resultFileOf(url: URL): string {
  const last = url.pathname.split("/").pop() ?? "";
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
