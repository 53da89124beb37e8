import { describe, expect, it } from "vitest";
import { metricsRefusal } from "./metrics-route.js";

const from = (remoteAddress: string, authorization?: string) => ({
  headers: authorization === undefined ? {} : { authorization },
  socket: { remoteAddress } as never,
});

describe("who may read /metrics", () => {
  it("with a token: whoever sends it as a Bearer, loopback clients included", () => {
    const settings = { token: "metrics-secret-1234", public: false };
    expect(metricsRefusal(settings, from("127.0.0.1"))?.status).toBe(401);
    expect(metricsRefusal(settings, from("127.0.0.1", "Bearer wrong"))?.status).toBe(401);
    expect(metricsRefusal(settings, from("127.0.0.1", "metrics-secret-1234"))?.status).toBe(401);
    expect(metricsRefusal(settings, from("203.0.113.7", "Bearer metrics-secret-1234"))).toBe(
      undefined,
    );
  });

  it("without a token: loopback clients only, unless public", () => {
    const closed = { token: undefined, public: false };
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"])
      expect(metricsRefusal(closed, from(address))).toBe(undefined);
    expect(metricsRefusal(closed, from("203.0.113.7"))?.status).toBe(403);
    expect(metricsRefusal(closed, from("10.0.0.8"))?.status).toBe(403);
    expect(metricsRefusal({ token: undefined, public: true }, from("203.0.113.7"))).toBe(undefined);
  });
});
