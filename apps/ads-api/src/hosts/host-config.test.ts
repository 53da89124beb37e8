import { describe, expect, it } from "vitest";
import { DEFAULT_HOSTS } from "../config.js";
import { planHosts } from "./host-config.js";

describe("planHosts", () => {
  it("serves the three default loopback URLs over plain HTTP", () => {
    expect(
      planHosts(DEFAULT_HOSTS, undefined).map((plan) => [
        plan.role,
        plan.host,
        plan.port,
        plan.tls,
      ]),
    ).toEqual([
      ["base", "127.0.0.1", 4010, false],
      ["ads", "127.0.0.1", 4011, false],
      ["ads-sandbox", "127.0.0.1", 4012, false],
    ]);
  });

  it("refuses plain HTTP on a non-loopback address, naming the variable", () => {
    expect(() => planHosts({ ...DEFAULT_HOSTS, ads: "http://0.0.0.0:4011" }, undefined)).toThrow(
      /ADS_API_ADS_URL: refusing to serve plain HTTP on 0\.0\.0\.0/,
    );
  });

  it("needs a certificate and key for https", () => {
    expect(() =>
      planHosts({ ...DEFAULT_HOSTS, base: "https://127.0.0.1:4443" }, undefined),
    ).toThrow(/ADS_API_BASE_URL: .*ADS_API_TLS_CERT/);
    const plan = planHosts(
      { ...DEFAULT_HOSTS, base: "https://api.example.com" },
      { cert: "c", key: "k" },
    );
    expect(plan[0]).toMatchObject({ host: "api.example.com", port: 443, tls: true });
  });

  it("listens apart from the public URL (replicas behind a balancer), plain HTTP on loopback only", () => {
    const plan = planHosts({ ...DEFAULT_HOSTS, ads: "http://127.0.0.1:8011" }, undefined, {
      ads: { host: "127.0.0.1", port: 0 },
    });
    expect(plan[1]).toMatchObject({
      role: "ads",
      host: "127.0.0.1",
      port: 0,
      tls: false,
      listensApart: true,
    });
    expect(plan[1]?.publicUrl.origin).toBe("http://127.0.0.1:8011");
    expect(plan[0]).toMatchObject({ port: 4010, listensApart: false });
    expect(() =>
      planHosts(DEFAULT_HOSTS, undefined, { base: { host: "10.0.0.5", port: 4010 } }),
    ).toThrow(/ADS_API_LISTEN_BASE: refusing to serve plain HTTP on 10\.0\.0\.5/);
    // the public URL's rule still holds: plain HTTP is never advertised off loopback
    expect(() =>
      planHosts({ ...DEFAULT_HOSTS, base: "http://api.example.com" }, undefined, {
        base: { host: "127.0.0.1", port: 4010 },
      }),
    ).toThrow(/ADS_API_BASE_URL: refusing to serve plain HTTP/);
    // a free port is only where the role listens
    expect(() =>
      planHosts({ ...DEFAULT_HOSTS, base: "http://127.0.0.1:0" }, undefined, {
        base: { host: "127.0.0.1", port: 4010 },
      }),
    ).toThrow(/ADS_API_BASE_URL: port 0/);
  });

  it("serves TLS on the listen address with a certificate, or plain HTTP on loopback behind a proxy that ends TLS", () => {
    const https = { ...DEFAULT_HOSTS, ads: "https://ads.example.com" };
    const withCert = planHosts(
      https,
      { cert: "c", key: "k" },
      { ads: { host: "0.0.0.0", port: 8443 } },
    );
    expect(withCert[1]).toMatchObject({ host: "0.0.0.0", port: 8443, tls: true });
    const behindProxy = planHosts(https, undefined, { ads: { host: "127.0.0.1", port: 8011 } });
    expect(behindProxy[1]).toMatchObject({ host: "127.0.0.1", port: 8011, tls: false });
    expect(() => planHosts(https, undefined, { ads: { host: "0.0.0.0", port: 8011 } })).toThrow(
      /ADS_API_LISTEN_ADS: refusing to serve plain HTTP on 0\.0\.0\.0/,
    );
  });
});
