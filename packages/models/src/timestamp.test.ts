import { describe, expect, it } from "vitest";
import {
  addMonthsUtc,
  formatTimestamp,
  isTimestamp,
  isWholeHour,
  parseTimestamp,
} from "./timestamp.js";

describe("timestamps", () => {
  it("formats whole seconds in UTC with Z", () => {
    expect(formatTimestamp(new Date(Date.UTC(2026, 2, 25, 16, 0, 0, 123)))).toBe(
      "2026-03-25T16:00:00Z",
    );
  });
  it("round-trips the exact form and refuses others", () => {
    expect(parseTimestamp("2026-03-25T16:00:00Z")?.getTime()).toBe(Date.UTC(2026, 2, 25, 16));
    expect(parseTimestamp("2026-03-25T16:00:00.000Z")).toBeNull();
    expect(parseTimestamp("2026-03-25T16:00:00+01:00")).toBeNull();
    expect(parseTimestamp("2026-02-30T00:00:00Z")).toBeNull();
    expect(parseTimestamp("2026-02-29T00:00:00Z")).toBeNull();
    expect(parseTimestamp("2028-02-29T00:00:00Z")).not.toBeNull();
  });
  it("holds only years both JavaScript and PostgreSQL store: 1970 to 9999", () => {
    expect(parseTimestamp("0000-01-01T00:00:00Z")).toBeNull();
    expect(parseTimestamp("1969-12-31T23:59:59Z")).toBeNull();
    expect(parseTimestamp("1970-01-01T00:00:00Z")?.getTime()).toBe(0);
    expect(parseTimestamp("9999-12-31T23:59:59Z")).not.toBeNull();
    expect(parseTimestamp("+010000-01-01T00:00:00Z")).toBeNull();
  });
});

describe("time helpers", () => {
  it("adds calendar months in UTC, clamping the day", () => {
    expect(formatTimestamp(addMonthsUtc(new Date("2026-01-31T10:00:00Z"), 1))).toBe(
      "2026-02-28T10:00:00Z",
    );
    expect(formatTimestamp(addMonthsUtc(new Date("2026-03-01T12:00:00Z"), 13))).toBe(
      "2027-04-01T12:00:00Z",
    );
  });
  it("knows whole hours", () => {
    expect(isWholeHour(new Date("2026-03-01T12:00:00Z"))).toBe(true);
    expect(isWholeHour(new Date("2026-03-01T12:00:01Z"))).toBe(false);
  });
});

describe("isTimestamp", () => {
  it("agrees with the Date round trip on every day of a leap and a common year, and on edges", () => {
    const roundTrip = (value: string) => {
      const date = new Date(value);
      return (
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(value) &&
        !Number.isNaN(date.getTime()) &&
        date.getUTCFullYear() >= 1970 &&
        date.toISOString().replace(/\.\d{3}Z$/, "Z") === value
      );
    };
    const values: string[] = [];
    for (const year of ["1970", "2000", "2024", "2100", "9999"])
      for (let month = 0; month <= 13; month += 1)
        for (let day = 0; day <= 32; day += 1)
          values.push(
            `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}T12:00:00Z`,
          );
    values.push(
      "2026-03-25T24:00:00Z",
      "2026-03-25T23:60:00Z",
      "2026-03-25T23:59:60Z",
      "2026-03-25T23:59:59Z",
      "2026-03-25 23:59:59Z",
      "2026-03-25T23:59:5aZ",
      "2026-0a-25T23:59:59Z",
      "2026-03-25T23:59:59z",
      "2026-03-25T23:59:59",
      "",
    );
    for (const value of values)
      expect([value, isTimestamp(value)]).toEqual([value, roundTrip(value)]);
  });
});
