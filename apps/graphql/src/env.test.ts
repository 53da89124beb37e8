import { describe, expect, it } from "vitest";
import { loadEnv } from "./env.js";

describe("loadEnv", () => {
  it("has documented defaults", () => {
    const env = loadEnv({});
    expect(env.GRAPHQL_PORT).toBe(4000);
    expect(env.ADS_API_URL).toBe("http://127.0.0.1:4010");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PGLITE_DIR).toMatch(/apps\/graphql\/\.data\/pglite$/);
  });

  it("fails naming every bad variable", () => {
    expect(() => loadEnv({ GRAPHQL_PORT: "eighty", DATABASE_URL: "mysql://x" })).toThrow(
      /GRAPHQL_PORT:[\s\S]*DATABASE_URL:/,
    );
  });

  it("treats an empty DATABASE_URL as unset", () => {
    expect(loadEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });
});
