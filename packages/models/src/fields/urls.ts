import { z } from "zod";
import { LIMITS } from "../limits.js";
import { VIOLATION_CODES } from "../violations.js";
import { WEBHOOK_LIMITS } from "../webhook-limits.js";
import { fieldIssue } from "./issue.js";
import { classifyHost, describeInternal, isLoopbackHost } from "../network/internal-hosts.js";
import { sized } from "./size-rules.js";
import { textProblem } from "./text-safety.js";

/**
 * Schemes that run or read something where a link is opened, or name something local to one
 * browser (`blob:`, `filesystem:`, `about:`) that no one else can open: never a destination.
 */
const UNSAFE_SCHEMES: ReadonlySet<string> = new Set([
  "javascript:",
  "data:",
  "vbscript:",
  "file:",
  "blob:",
  "filesystem:",
  "about:",
]);
const WEB_SCHEMES: ReadonlySet<string> = new Set(["http:", "https:"]);
const WEB_PREFIX_LENGTH = "https://".length;

/** The parsed URL, or the rule the value breaks; the WHATWG parser is linear. */
function parseUrl(value: string): URL | string {
  const problem = textProblem(value);
  if (problem !== undefined) return problem;
  if (value.includes(" ")) return "must be a URL without spaces (percent-encode them as %20)";
  try {
    return new URL(value);
  } catch {
    return "must be an absolute URL";
  }
}

function urlField(
  check: (url: URL, value: string) => string | undefined,
  max: number = LIMITS.urlLength,
) {
  return sized(
    z
      .string({ error: "must be a string" })
      .max(max)
      .superRefine((value, ctx) => {
        if (value.length > max) return; // reported by max
        const url = parseUrl(value);
        const problem = typeof url === "string" ? url : check(url, value);
        if (problem !== undefined) fieldIssue(ctx, VIOLATION_CODES.INVALID_PARAMETER, problem);
      }),
    { kind: "id", max },
  );
}

/** Written out in full: the parser would also read `https:host` as a web URL. */
function writtenAsWebUrl(url: URL, value: string): boolean {
  const start = value.slice(0, WEB_PREFIX_LENGTH).toLowerCase();
  const written = start.startsWith("http://") || start.startsWith("https://");
  return written && WEB_SCHEMES.has(url.protocol) && url.hostname !== "";
}

/**
 * Why the URL's host leads inside a network, or undefined. Loopback hosts pass: ads-api refuses
 * them unless its development setting (ADS_API_WEBHOOK_ALLOW_HOSTS) lists them, and resolves
 * names, refusing one that resolves to any address this refuses.
 */
function internalHostProblem(hostname: string): string | undefined {
  const found = classifyHost(hostname);
  const why = "webhooks reach public addresses only";
  if (found.type === "internal" && found.why.kind !== "loopback") {
    return `must not point inside a network: ${found.host} is ${describeInternal(found.why)}; ${why}`;
  }
  if (found.type === "local-name" && !found.loopback) {
    return `must not point inside a network: ${found.host} is a local name (a single label, .local, .internal, .home.arpa); ${why}`;
  }
  return undefined;
}

/**
 * A webhook address (spec §6 webhooks): absolute `https://`, or `http://` on a loopback host
 * (this is a self-hostable simulation: receivers on the same machine need no certificate);
 * no credentials (they would be sent to every redirect and shown in lists), no fragment
 * (never sent over HTTP), and no host inside a network in any spelling (issue 34: private,
 * link-local, metadata... addresses, decimal/octal/hex IPv4 as the WHATWG parser reads them,
 * IPv4-mapped IPv6, local names).
 */
export function webhookUrl() {
  return urlField((url, value) => {
    if (!writtenAsWebUrl(url, value)) return "must be an absolute http:// or https:// URL";
    if (url.username !== "" || url.password !== "") {
      return "must not hold credentials (user:password@)";
    }
    if (value.includes("#")) return "must not have a fragment (#...)";
    const inside = internalHostProblem(url.hostname);
    if (inside !== undefined) return inside;
    if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
      return "must use https:// (http:// is taken for loopback hosts only: localhost, 127.0.0.0/8, [::1])";
    }
    return undefined;
  }, WEBHOOK_LIMITS.urlLength);
}

/**
 * A web destination (card website destinations, landing and tracking URLs, video calls to
 * action): an absolute `http://` or `https://` URL with a host.
 */
export function webUrl() {
  return urlField((url, value) =>
    writtenAsWebUrl(url, value) ? undefined : "must be an absolute http:// or https:// URL",
  );
}

/**
 * An app link (googleplay / iOS deep links, OAuth callbacks): any scheme an app can
 * register, e.g. `myapp://open`, but never one that runs code, reads local data or names
 * something local to a browser (javascript:, data:, vbscript:, file:, blob:, filesystem:,
 * about:).
 */
export function appLink() {
  return urlField((url) =>
    UNSAFE_SCHEMES.has(url.protocol)
      ? `must not use the ${url.protocol} scheme (an app or web link is expected)`
      : undefined,
  );
}

const DOMAIN_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A domain name such as `example.com` (line item advertiser_domain): no scheme, no path. */
export function domainName() {
  return sized(
    z
      .string({ error: "must be a string" })
      .max(LIMITS.domainNameLength)
      .superRefine((value, ctx) => {
        if (value.length > LIMITS.domainNameLength) return; // reported by max
        const labels = value.toLowerCase().split(".");
        const valid = labels.length > 1 && labels.every((label) => DOMAIN_LABEL.test(label));
        if (!valid) {
          fieldIssue(
            ctx,
            VIOLATION_CODES.INVALID_PARAMETER,
            "must be a domain name such as example.com (no scheme, path or spaces)",
          );
        }
      }),
    { kind: "id", max: LIMITS.domainNameLength },
  );
}
