import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { parsePGliteSettings, PGLITE_SETTINGS, pgliteStartParams } from "./pglite-settings.js";

describe("parsePGliteSettings", () => {
  it("reads name=value entries, spaces and empty entries ignored", () => {
    expect(parsePGliteSettings("")).toEqual({});
    expect(parsePGliteSettings(" shared_buffers = 32MB , work_mem=2MB,")).toEqual({
      shared_buffers: "32MB",
      work_mem: "2MB",
    });
  });

  it("refuses an entry that is not name=value", () => {
    for (const bad of ["shared_buffers", "=16MB", "shared_buffers=", "shared buffers=1", "a;b=1"]) {
      expect(() => parsePGliteSettings(bad)).toThrow(/is not name=value/);
    }
  });
});

describe("pgliteStartParams", () => {
  it("keeps PGlite's own parameters and adds the small defaults", () => {
    const params = pgliteStartParams();
    expect(params.slice(0, PGlite.defaultStartParams.length)).toEqual(PGlite.defaultStartParams);
    expect(params).toContain(`shared_buffers=${PGLITE_SETTINGS.shared_buffers}`);
  });

  it("lets a target's setting replace a default, once", () => {
    const params = pgliteStartParams({ shared_buffers: "64MB", work_mem: "2MB" });
    expect(params.filter((p) => p.startsWith("shared_buffers="))).toEqual(["shared_buffers=64MB"]);
    expect(params).toContain("work_mem=2MB");
  });
});
