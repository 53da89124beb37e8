import { describe, expect, it } from "vitest";
import { clientKey } from "./sign-in-limit.js";

describe("clientKey", () => {
  it("counts an IPv4 address as itself, IPv4-mapped ones too", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("::ffff:203.0.113.7");
  });

  it("counts every address of one IPv6 /64 as one client", () => {
    const key = clientKey("2001:db8:1:2::1");
    expect(clientKey("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe(key);
    expect(clientKey("2001:DB8:1:2:0:0:0:9")).toBe(key);
    expect(key).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8:1:3::1")).not.toBe(key);
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
  });
});
