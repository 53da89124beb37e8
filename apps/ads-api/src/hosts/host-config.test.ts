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
});
