import { describe, expect, it } from "vitest";
import {
  classifyHost,
  describeInternal,
  internalAddress,
  isLoopbackHost,
} from "./internal-hosts.js";

/** The host as the WHATWG parser leaves it, as every caller gets it from a URL. */
const hostOf = (spelling: string): string => new URL(`https://${spelling}/x`).hostname;

describe("internalAddress: every address class", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["::1", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.1.1", "link-local"],
    ["fe80::1", "link-local"],
    ["fec0::1", "link-local"],
    ["fd00::1", "unique-local"],
    ["fc00::1", "unique-local"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.127.255.254", "carrier-grade NAT"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["::", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["ff02::1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["169.254.169.254", "cloud metadata"],
    ["169.254.170.2", "cloud metadata"],
    ["fd00:ec2::254", "cloud metadata"],
    ["100.100.100.200", "cloud metadata"],
    ["192.0.0.192", "cloud metadata"],
    ["192.0.0.8", "reserved"],
    ["240.0.0.1", "reserved"],
    ["192.88.99.1", "reserved"],
    ["100::1", "reserved"],
    ["2001::1", "reserved"],
    ["64:ff9b:1::a00:1", "private"],
    ["192.0.2.1", "documentation"],
    ["198.51.100.7", "documentation"],
    ["203.0.113.9", "documentation"],
    ["2001:db8::1", "documentation"],
    ["198.18.0.1", "benchmarking"],
    ["198.19.255.1", "benchmarking"],
    ["2001:2::1", "benchmarking"],
    ["4000::1", "reserved"],
  ])("%s is %s", (address, kind) => {
    expect(internalAddress(address)?.kind).toBe(kind);
  });

  it.each([
    ["::ffff:169.254.169.254", "cloud metadata"],
    ["::ffff:a9fe:a9fe", "cloud metadata"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::a9fe:a9fe", "cloud metadata"], // IPv4-compatible (deprecated)
    ["::ffff:0:a00:1", "private"], // IPv4-translated
    ["64:ff9b::10.0.0.1", "private"], // NAT64
    ["64:ff9b::a9fe:a9fe", "cloud metadata"],
    ["2002:a9fe:a9fe::1", "cloud metadata"], // 6to4
    ["2002:c0a8:0101::", "private"],
    ["2002:7f00:1::", "loopback"],
  ])("%s carries an IPv4 address that is %s", (address, kind) => {
    const why = internalAddress(address);
    expect(why?.kind).toBe(kind);
    expect(why?.embedded).toBeDefined();
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "93.184.216.34",
    "172.32.0.1", // just past 172.16.0.0/12
    "100.128.0.1", // just past 100.64.0.0/10
    "169.253.255.255",
    "2606:4700:4700::1111",
    "2a00:1450:4001::200e",
    "::ffff:8.8.8.8", // mapped public: the same public destination
    "64:ff9b::8.8.8.8", // NAT64 to a public address
    "2002:0808:0808::1", // 6to4 through a public relay
  ])("%s is public", (address) => {
    expect(internalAddress(address)).toBeUndefined();
  });

  it("reads every IPv4 spelling getaddrinfo reads, so a spelling never hides a range", () => {
    for (const spelling of [
      "2852039166",
      "0251.0376.0251.0376",
      "0xa9fea9fe",
      "0xa9.0xfe.0xa9.0xfe",
      "169.254.43518",
    ]) {
      expect(internalAddress(spelling)?.kind, spelling).toBe("cloud metadata");
    }
    expect(internalAddress("127.1")?.kind).toBe("loopback");
    expect(internalAddress("10.1")?.kind).toBe("private");
    expect(internalAddress("[fd00::1]")?.kind).toBe("unique-local");
  });

  it("says what the address is without quoting more than the range", () => {
    expect(describeInternal({ kind: "private", range: "10.0.0.0/8" })).toBe(
      "a private address (10.0.0.0/8)",
    );
    const mapped = internalAddress("::ffff:a9fe:a9fe");
    expect(mapped && describeInternal(mapped)).toBe(
      "an address carrying 169.254.169.254 (::ffff:0:0/96), a cloud metadata address",
    );
  });
});

describe("classifyHost: every spelling a URL can carry", () => {
  it.each([
    ["169.254.169.254", "cloud metadata"],
    ["2852039166", "cloud metadata"], // decimal
    ["0251.0376.0251.0376", "cloud metadata"], // octal
    ["0xa9fea9fe", "cloud metadata"], // hex
    ["0xA9.0xFE.0xA9.0xFE", "cloud metadata"],
    ["169.254.169.254.", "cloud metadata"], // trailing dot
    ["%31%36%39.254.169.254", "cloud metadata"], // percent-encoded
    ["１６９.２５４.１６９.２５４", "cloud metadata"], // full-width digits (IDNA maps them)
    ["[::ffff:169.254.169.254]", "cloud metadata"],
    ["[::ffff:a9fe:a9fe]", "cloud metadata"],
    ["[fd00:ec2::254]", "cloud metadata"],
    ["127.1", "loopback"], // short forms
    ["0x7f.1", "loopback"],
    ["[::1]", "loopback"],
    ["[0:0:0:0:0:0:0:1]", "loopback"],
    ["10.1", "private"],
    ["012.0.0.1", "private"],
    ["192.168.1.1", "private"],
    ["100.100.100.200", "cloud metadata"],
    ["0.0.0.0", "unspecified"],
    ["0", "unspecified"],
    ["[::]", "unspecified"],
    ["[fd00::1]", "unique-local"],
    ["[fe80::1]", "link-local"],
    ["[64:ff9b::a00:1]", "private"],
    ["[2002:a00:1::]", "private"],
  ])("%s is %s", (spelling, kind) => {
    const found = classifyHost(hostOf(spelling));
    expect(found.type, spelling).toBe("internal");
    expect(found.type === "internal" && found.why.kind).toBe(kind);
  });

  it.each(["localhost", "LOCALHOST", "localhost.", "app.localhost", "a.b.localhost."])(
    "%s is a loopback name",
    (spelling) => {
      expect(classifyHost(hostOf(spelling))).toMatchObject({ type: "local-name", loopback: true });
      expect(isLoopbackHost(hostOf(spelling))).toBe(true);
    },
  );

  it.each([
    "metadata",
    "metadata.google.internal",
    "printer.local",
    "router.home.arpa",
    "intranet",
    "db.localdomain",
  ])("%s is a local name", (spelling) => {
    expect(classifyHost(hostOf(spelling))).toMatchObject({ type: "local-name", loopback: false });
  });

  it("leaves names to resolve, and public literals public", () => {
    expect(classifyHost(hostOf("Hooks.Example.com."))).toEqual({
      type: "name",
      host: "hooks.example.com",
    });
    expect(classifyHost(hostOf("8.8.8.8")).type).toBe("public");
    expect(classifyHost(hostOf("134744072")).type).toBe("public"); // 8.8.8.8 in decimal
    expect(classifyHost(hostOf("[2606:4700:4700::1111]")).type).toBe("public");
  });

  it("counts 127.0.0.0/8, ::1 and their IPv4-mapped forms as loopback, nothing else", () => {
    for (const host of ["127.0.0.1", "127.9.9.9", "[::1]", "[::ffff:7f00:1]"]) {
      expect(isLoopbackHost(hostOf(host)), host).toBe(true);
    }
    for (const host of ["10.0.0.1", "example.com", "[fd00::1]", "0.0.0.0", "metadata"]) {
      expect(isLoopbackHost(hostOf(host)), host).toBe(false);
    }
  });
});
