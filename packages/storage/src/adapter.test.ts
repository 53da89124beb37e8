import { describe, expect, it } from "vitest";
import { resolveTarget, schemaOf } from "./adapter.js";

describe("resolveTarget", () => {
  it("uses PGlite without a URL, and PostgreSQL in the app's own schema unless the URL names one", () => {
    expect(resolveTarget(undefined, "/data", "ads_api")).toEqual({
      engine: "pglite",
      dataDir: "/data",
    });
    const shared = "postgresql://postgres@127.0.0.1:5432/test";
    expect(schemaOf(resolveTarget(shared, "/data", "ads_api"))).toBe("ads_api");
    expect(schemaOf(resolveTarget(shared, "/data", "adsgraph"))).toBe("adsgraph");
    expect(schemaOf(resolveTarget(`${shared}?schema=mine&sslmode=disable`, "/d", "ads_api"))).toBe(
      "mine",
    );
    expect(schemaOf(resolveTarget(shared, "/data"))).toBeUndefined();
  });
});
