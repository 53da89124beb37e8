import { describe, expect, it } from "vitest";
import { lastWholeDays } from "./stats-range.js";

describe("lastWholeDays", () => {
  it("ends where the current hour starts and spans whole days of whole hours", () => {
    const now = Date.parse("2026-11-30T14:37:12.345Z");
    expect(lastWholeDays(7, now)).toEqual({
      start: "2026-11-23T14:00:00Z",
      end: "2026-11-30T14:00:00Z",
    });
    expect(lastWholeDays(1, now)).toEqual({
      start: "2026-11-29T14:00:00Z",
      end: "2026-11-30T14:00:00Z",
    });
  });

  it("at the turn of an hour, that hour is the end (it has not started delivering)", () => {
    const now = Date.parse("2026-11-30T00:00:00.000Z");
    expect(lastWholeDays(90, now)).toEqual({
      start: "2026-09-01T00:00:00Z",
      end: "2026-11-30T00:00:00Z",
    });
  });
});
