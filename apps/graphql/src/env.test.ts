import { describe, expect, it } from "vitest";
import { loadEnv } from "./env.js";

describe("loadEnv", () => {
  it("has documented defaults", () => {
    const env = loadEnv({});
    expect(env.GRAPHQL_PORT).toBe(4000);
    expect(env.GRAPHQL_PUBLIC_URL).toBe("http://127.0.0.1:4000");
    expect(env.ADS_API_BASE_URL).toBe("http://127.0.0.1:4010");
    expect(env.ADS_API_ADS_URL).toBe("http://127.0.0.1:4011");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.GRAPHQL_PGLITE_DIR).toMatch(/apps\/graphql\/\.data\/pglite$/);
    expect(env.SNAPSHOT_FRESH_SECONDS_ENTITY).toBe(30);
  });

  it("fails naming every bad variable", () => {
    expect(() =>
      loadEnv({
        GRAPHQL_PORT: "eighty",
        DATABASE_URL: "mysql://x",
        ADS_API_BASE_URL: "http://h/x",
      }),
    ).toThrow(/GRAPHQL_PORT:[\s\S]*ADS_API_BASE_URL: must have no path[\s\S]*DATABASE_URL:/);
  });

  it("treats empty optional values as unset and reads flags strictly", () => {
    expect(loadEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
    expect(loadEnv({ DEV_SESSION: "false" }).DEV_SESSION).toBe(false);
    expect(() => loadEnv({ DEV_SESSION: "yes" })).toThrow(/DEV_SESSION/);
  });
});
