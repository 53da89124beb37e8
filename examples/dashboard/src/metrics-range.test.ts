import { describe, expect, it } from "vitest";
import { fullDayStart, lastDays, shortDay } from "./metrics-range.js";

describe("metrics range", () => {
  it("is the 7 × 24 whole hours before the current hour, in UTC", () => {
    expect(lastDays(7, Date.parse("2026-11-30T14:37:12.345Z"))).toEqual({
      start: "2026-11-23T14:00:00Z",
      end: "2026-11-30T14:00:00Z",
    });
  });

  it("labels a day by its start", () => {
    expect(shortDay("2026-11-23T14:00:00Z")).toBe("11-23");
    expect(fullDayStart("2026-11-23T14:00:00Z")).toBe("2026-11-23 14:00 UTC");
  });
});
