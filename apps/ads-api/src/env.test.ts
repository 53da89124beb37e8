import { describe, expect, it } from "vitest";
import { loadEnv } from "./env.js";

describe("loadEnv", () => {
  it("defaults to port 4010 on loopback", () => {
    expect(loadEnv({})).toMatchObject({ ADS_API_HOST: "127.0.0.1", ADS_API_PORT: 4010 });
  });
  it("names the variable of a bad value", () => {
    expect(() => loadEnv({ ADS_API_PORT: "70000" })).toThrow(/ADS_API_PORT:/);
  });
});
