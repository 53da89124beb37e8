import { describe, expect, it } from "vitest";
import { BadRequestError } from "../errors.js";
import { storedDate } from "./time.js";

describe("storedDate", () => {
  it("passes dates PostgreSQL holds and refuses year 0000 with a 400 naming the parameter", () => {
    expect(storedDate("2026-01-01T00:00:00Z", "start_time").toISOString()).toBe(
      "2026-01-01T00:00:00.000Z",
    );
    expect(storedDate("9999-12-31T23:59:59Z", "end_time").getUTCFullYear()).toBe(9999);
    for (const value of ["0000-01-01T00:00:00Z", "+275760-09-13T00:00:00Z", "yesterday"]) {
      expect(() => storedDate(value, "start_time")).toThrow(BadRequestError);
    }
  });
});
