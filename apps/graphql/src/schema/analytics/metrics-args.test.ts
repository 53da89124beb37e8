import { describe, expect, it } from "vitest";
import { ValidationError } from "../../errors/facade-errors.js";
import { bucketStarts, checkedRange, groupsToFetch } from "./metrics-args.js";

const HOUR = 3_600_000;

/** The violations a range is refused with: [field, message]. */
function refusal(start: string, end: string): [string, string][] {
  try {
    checkedRange({ start, end });
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    if (error instanceof ValidationError) return error.violations.map((v) => [v.field, v.message]);
  }
  return [];
}

describe("a metrics range", () => {
  it("takes whole hours, end after start, up to 90 days", () => {
    expect(checkedRange({ start: "2026-11-01T00:00:00Z", end: "2026-11-08T00:00:00Z" })).toEqual({
      start: Date.UTC(2026, 10, 1),
      end: Date.UTC(2026, 10, 8),
    });
    expect(refusal("2026-08-01T00:00:00Z", "2026-10-30T00:00:00Z")).toEqual([]);
  });

  it("is refused naming range.start or range.end, with the catalog's messages", () => {
    const [[field, message] = ["", ""]] = refusal("2026-11-01T00:30:00Z", "2026-11-02T00:00:00Z");
    expect(field).toBe("range.start");
    expect(message).toMatch(/hour/);
    expect(refusal("2026-11-02T00:00:00Z", "2026-11-01T00:00:00Z")).toEqual([
      ["range.end", "end_time must be after start_time"],
    ]);
    expect(refusal("2026-11-01T00:00:00Z", "2026-11-01T00:00:00Z")[0]?.[0]).toBe("range.end");
    const long = refusal("2026-01-01T00:00:00Z", "2026-05-01T00:00:00Z");
    expect(long[0]?.[0]).toBe("range.end");
    expect(long[0]?.[1]).toMatch(/90 days/);
  });
});

describe("buckets", () => {
  const range = { start: Date.UTC(2026, 10, 1), end: Date.UTC(2026, 10, 3) };
  it("are every hour, every 24 hours, or the whole range", () => {
    expect(bucketStarts(range, "HOUR")).toHaveLength(48);
    expect(bucketStarts(range, "DAY")).toEqual([range.start, range.start + 24 * HOUR]);
    expect(bucketStarts(range, "TOTAL")).toEqual([range.start]);
  });
  it("end with a short one when the range is not whole days", () => {
    expect(bucketStarts({ start: range.start, end: range.start + 30 * HOUR }, "DAY")).toHaveLength(
      2,
    );
  });
});

describe("the groups fetched", () => {
  it("are the selected ones, or the given ones, that the entity type reports", () => {
    expect(groupsToFetch("CAMPAIGN", undefined, () => ["BILLING", "ENGAGEMENT"])).toEqual([
      "ENGAGEMENT",
      "BILLING",
    ]);
    expect(groupsToFetch("CAMPAIGN", ["VIDEO"], () => ["ENGAGEMENT"])).toEqual(["VIDEO"]);
    // An account reports engagement only: billing is not asked (it answers null).
    expect(groupsToFetch("ACCOUNT", undefined, () => ["ENGAGEMENT", "BILLING"])).toEqual([
      "ENGAGEMENT",
    ]);
    expect(groupsToFetch("CAMPAIGN", undefined, () => [])).toEqual([]);
  });
});
