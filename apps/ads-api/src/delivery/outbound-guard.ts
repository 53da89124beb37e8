import { lookup } from "node:dns/promises";
import { classifyHost, describeInternal, internalAddress, normalHost } from "@adsgraph/models";
import type { InternalAddress } from "@adsgraph/models";
import type { Dispatcher } from "undici";

/** One address a host name resolves to. */
export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}

/** Every address a name resolves to (tests script one; see `OutboundPolicy.resolve`). */
export type ResolveHost = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/**
 * Where ads-api may send requests to URLs its clients gave (webhooks, issue 34): public
 * addresses only, except loopback ones of the hosts a development setting lists.
 */
export interface OutboundPolicy {
  /** Hosts (as `allowedHostKey` spells them) whose loopback addresses may be reached. */
  readonly allowHosts: ReadonlySet<string>;
  readonly resolve: ResolveHost;
}

/** The server's outbound rules, and the undici dispatcher that applies them on every connection. */
export interface Outbound {
  readonly policy: OutboundPolicy;
  readonly dispatcher: Dispatcher;
}

/** The system resolver (getaddrinfo), every address. */
export const systemResolve: ResolveHost = (hostname) => lookup(hostname, { all: true });

/**
 * The key a host is allowed by: lower-case, no trailing dot, IPv6 without brackets. Written
 * hosts go through the WHATWG parser first, so `127.1` is 127.0.0.1 as in a URL.
 */
export function allowedHostKey(host: string): string {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  return normalHost(bare);
}

/** A written host (ADS_API_WEBHOOK_ALLOW_HOSTS entry) as a URL would carry it; undefined: not a host. */
export function parseWrittenHost(text: string): string | undefined {
  const written = text.includes(":") && !text.startsWith("[") ? `[${text}]` : text;
  try {
    const url = new URL(`http://${written}/`);
    return url.host === url.hostname ? allowedHostKey(url.hostname) : undefined;
  } catch {
    return undefined;
  }
}

export function policyOf(allowHosts: readonly string[], resolve?: ResolveHost): OutboundPolicy {
  const keys = allowHosts.map((host) => parseWrittenHost(host) ?? allowedHostKey(host));
  return { allowHosts: new Set(keys), resolve: resolve ?? systemResolve };
}

/** Why `address` may not be reached for `host`, or undefined when it may. */
export function addressRefusal(
  policy: OutboundPolicy,
  host: string,
  address: string,
): InternalAddress | undefined {
  const why = internalAddress(address);
  if (why === undefined) return undefined;
  const allowed = why.kind === "loopback" && policy.allowHosts.has(allowedHostKey(host));
  return allowed ? undefined : why;
}

/**
 * A connection ads-api refused to open: the host is or resolves only to addresses inside a
 * network. Its message (for logs) names the host and the addresses; `reason` is what a client
 * may read.
 */
export class OutboundRefusedError extends Error {
  override readonly name = "OutboundRefusedError";
  readonly code = "ERR_OUTBOUND_REFUSED";
  readonly reason: string;

  constructor(host: string, refused: readonly (readonly [string, InternalAddress])[]) {
    const list = refused.map(([address, why]) => `${address}: ${why.kind}`).join(", ");
    super(`refused to connect to ${host}: no public address (${list})`);
    this.reason = `${host} leads to no public address; webhooks reach public addresses only`;
  }
}

const INSIDE = "must not point inside a network";
const PUBLIC_ONLY = "webhooks reach public addresses only";

/**
 * Why ads-api will not send to this URL, checked when a webhook is registered (issue 34): the
 * host is an address inside a network, a local name, or a name resolving to ANY such address
 * (a name with one private address among public ones could be reached at the private one).
 * Loopback addresses pass for hosts the policy allows. The message never quotes an address a
 * name resolved to (it would map an internal network for the caller).
 */
export async function destinationProblem(
  policy: OutboundPolicy,
  url: string,
): Promise<string | undefined> {
  const found = classifyHost(new URL(url).hostname);
  const allowed = policy.allowHosts.has(allowedHostKey(found.host));
  if (found.type === "public") return undefined;
  if (found.type === "internal") {
    if (found.why.kind === "loopback" && allowed) return undefined;
    return `${INSIDE}: ${found.host} is ${describeInternal(found.why)}; ${PUBLIC_ONLY}`;
  }
  if (found.type === "local-name" && !allowed) {
    return `${INSIDE}: ${found.host} is a local name; ${PUBLIC_ONLY}`;
  }
  let addresses: readonly ResolvedAddress[];
  try {
    addresses = await policy.resolve(found.host);
  } catch {
    return `must name a host that resolves: ${found.host} does not`;
  }
  if (addresses.length === 0) return `must name a host that resolves: ${found.host} does not`;
  const kinds = new Set<string>();
  for (const { address } of addresses) {
    const why = addressRefusal(policy, found.host, address);
    if (why !== undefined) kinds.add(why.kind);
  }
  if (kinds.size === 0) return undefined;
  return `${INSIDE}: ${found.host} resolves to a ${[...kinds].join(", ")} address; ${PUBLIC_ONLY}`;
}
