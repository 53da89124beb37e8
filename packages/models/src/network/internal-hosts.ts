import ipaddr from "ipaddr.js";

/**
 * Which addresses and host names lead inside a network rather than to the public Internet
 * (issue 34, webhook URLs that cannot reach inside). Pure: the webhook URL rule reads URLs with
 * it, ads-api reads the addresses a name resolves to with it, at registration and on connect.
 */

/** Why an address is not a public destination. */
export type InternalKind =
  | "loopback"
  | "private"
  | "link-local"
  | "unique-local"
  | "carrier-grade NAT"
  | "unspecified"
  | "multicast"
  | "broadcast"
  | "cloud metadata"
  | "reserved"
  | "documentation"
  | "benchmarking";

export interface InternalAddress {
  readonly kind: InternalKind;
  /** The range it falls in, as CIDR (`10.0.0.0/8`), or the embedded address' range. */
  readonly range: string;
  /** Set when an IPv6 address carries an IPv4 one (mapped, NAT64, 6to4): the IPv4 address. */
  readonly embedded?: string;
}

type Range = readonly [cidr: string, kind: InternalKind];

/** Checked in order: the metadata addresses before the ranges holding them. */
const V4_RANGES: readonly Range[] = [
  ["169.254.169.254/32", "cloud metadata"], // AWS, GCP, Azure, OpenStack, DigitalOcean...
  ["169.254.170.2/32", "cloud metadata"], // AWS ECS task credentials
  ["100.100.100.200/32", "cloud metadata"], // Alibaba Cloud
  ["192.0.0.192/32", "cloud metadata"], // Oracle Cloud
  ["0.0.0.0/8", "unspecified"], // "this network": 0.0.0.0 reaches this host on Linux
  ["127.0.0.0/8", "loopback"],
  ["10.0.0.0/8", "private"],
  ["172.16.0.0/12", "private"],
  ["192.168.0.0/16", "private"],
  ["100.64.0.0/10", "carrier-grade NAT"],
  ["169.254.0.0/16", "link-local"],
  ["192.0.0.0/24", "reserved"], // IETF protocol assignments
  ["192.0.2.0/24", "documentation"],
  ["198.51.100.0/24", "documentation"],
  ["203.0.113.0/24", "documentation"],
  ["198.18.0.0/15", "benchmarking"],
  ["192.88.99.0/24", "reserved"], // the deprecated 6to4 relay anycast
  ["224.0.0.0/4", "multicast"],
  ["255.255.255.255/32", "broadcast"],
  ["240.0.0.0/4", "reserved"],
];

const V6_RANGES: readonly Range[] = [
  ["fd00:ec2::254/128", "cloud metadata"], // AWS (IPv6)
  ["::/128", "unspecified"],
  ["::1/128", "loopback"],
  ["64:ff9b:1::/48", "private"], // local-use NAT64 (RFC 8215): translates into the local network
  ["100::/64", "reserved"], // discard-only
  ["2001::/32", "reserved"], // Teredo: tunnels to an address it obfuscates
  ["2001:2::/48", "benchmarking"],
  ["2001:db8::/32", "documentation"],
  ["3fff::/20", "documentation"],
  ["fc00::/7", "unique-local"],
  ["fe80::/10", "link-local"],
  ["fec0::/10", "link-local"], // deprecated site-local
  ["ff00::/8", "multicast"],
];

/** IPv6 prefixes that carry an IPv4 address, and where it sits (the part index of its top half). */
const V4_CARRIERS: readonly (readonly [cidr: string, firstPart: number])[] = [
  ["::ffff:0:0/96", 6], // IPv4-mapped: a dual-stack socket connects to the IPv4 address
  ["::ffff:0:0:0/96", 6], // IPv4-translated (SIIT)
  ["64:ff9b::/96", 6], // well-known NAT64 prefix
  ["::/96", 6], // IPv4-compatible (deprecated): after :: and ::1 above
  ["2002::/16", 1], // 6to4: the relay's IPv4 address
];

const parsedV4 = V4_RANGES.map(
  ([cidr, kind]) => [ipaddr.IPv4.parseCIDR(cidr), kind, cidr] as const,
);
const parsedV6 = V6_RANGES.map(
  ([cidr, kind]) => [ipaddr.IPv6.parseCIDR(cidr), kind, cidr] as const,
);
const parsedCarriers = V4_CARRIERS.map(
  ([cidr, part]) => [ipaddr.IPv6.parseCIDR(cidr), part, cidr] as const,
);
/** Global unicast: every other IPv6 address is unassigned or special. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR("2000::/3");

function classifyV4(address: ipaddr.IPv4): InternalAddress | undefined {
  for (const [range, kind, cidr] of parsedV4) {
    if (address.match(range)) return { kind, range: cidr };
  }
  return undefined;
}

function classifyV6(address: ipaddr.IPv6): InternalAddress | undefined {
  for (const [range, kind, cidr] of parsedV6) {
    if (address.match(range)) return { kind, range: cidr };
  }
  for (const [range, part, cidr] of parsedCarriers) {
    if (!address.match(range)) continue;
    const high = address.parts[part] ?? 0;
    const low = address.parts[part + 1] ?? 0;
    const v4 = new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
    const inner = classifyV4(v4);
    // A public IPv4 address behind NAT64 or 6to4 is a public destination.
    return inner === undefined ? undefined : { ...inner, embedded: v4.toString(), range: cidr };
  }
  if (!address.match(GLOBAL_UNICAST)) return { kind: "reserved", range: "outside 2000::/3" };
  return undefined;
}

/**
 * Why an IP address is not public, or undefined when it is. Takes any spelling inet_aton and
 * getaddrinfo take (`2852039166`, `0251.0376.0251.0376`, `0xa9fea9fe`, `127.1`), IPv6 with or
 * without brackets; throws on text that is no address (see `isIpAddress`).
 */
export function internalAddress(text: string): InternalAddress | undefined {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  const address = ipaddr.parse(bare);
  return address.kind() === "ipv4"
    ? classifyV4(address as ipaddr.IPv4)
    : classifyV6(address as ipaddr.IPv6);
}

/** An IP address in any spelling `internalAddress` reads. */
export function isIpAddress(text: string): boolean {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  return ipaddr.isValid(bare);
}

/**
 * Names that never lead to the public Internet: RFC 6761's `localhost` (loopback), mDNS'
 * `.local`, ICANN's private-use `.internal` (where GCP's metadata.google.internal lives) and
 * RFC 8375's `.home.arpa`.
 */
const LOCAL_SUFFIXES = [".local", ".internal", ".home.arpa", ".localdomain"];

export type HostClass =
  /** A name to resolve: what it resolves to decides. */
  | { readonly type: "name"; readonly host: string }
  /** An address or a name that is public without resolving (a public IP literal). */
  | { readonly type: "public"; readonly host: string }
  | { readonly type: "internal"; readonly host: string; readonly why: InternalAddress }
  /** A name that only a local resolver answers (`localhost`, `*.internal`, a single label). */
  | { readonly type: "local-name"; readonly host: string; readonly loopback: boolean };

/**
 * A host as a URL's hostname gives it (lower-cased; an IPv4 address in any spelling already
 * normalised by the WHATWG parser; IPv6 in brackets), with one trailing dot dropped (`a.com.`
 * is `a.com`). Any IPv4 spelling left (a host not from the parser) is read as getaddrinfo would.
 */
export function normalHost(hostname: string): string {
  const lower = hostname.toLowerCase();
  return lower.endsWith(".") && !lower.endsWith("..") ? lower.slice(0, -1) : lower;
}

/** What a URL's hostname leads to, before any name is resolved. */
export function classifyHost(hostname: string): HostClass {
  const host = normalHost(hostname);
  if (isIpAddress(host)) {
    const why = internalAddress(host);
    return why === undefined ? { type: "public", host } : { type: "internal", host, why };
  }
  if (host === "localhost" || host.endsWith(".localhost")) {
    return { type: "local-name", host, loopback: true };
  }
  // A single label (`metadata`, `intranet`) is completed by the local resolver's search domains.
  if (!host.includes(".") || LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) {
    return { type: "local-name", host, loopback: false };
  }
  return { type: "name", host };
}

/** Hosts of this machine: `localhost`, `*.localhost`, 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export function isLoopbackHost(hostname: string): boolean {
  const found = classifyHost(hostname);
  if (found.type === "local-name") return found.loopback;
  return found.type === "internal" && found.why.kind === "loopback";
}

/** `a private address (10.0.0.0/8)`, `::ffff:a9fe:a9fe, which maps 169.254.169.254, a cloud metadata address`. */
export function describeInternal(why: InternalAddress): string {
  const article = /^[aeiou]/.test(why.kind) ? "an" : "a";
  return why.embedded === undefined
    ? `${article} ${why.kind} address (${why.range})`
    : `an address carrying ${why.embedded} (${why.range}), ${article} ${why.kind} address`;
}
