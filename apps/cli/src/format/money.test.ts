import { describe, expect, it } from "vitest";
import { formatMicros } from "./money.js";

describe("formatMicros", () => {
  it("writes micros as an exact amount with at least two decimals", () => {
    expect(formatMicros("12500000", "USD")).toBe("12.50 USD");
    expect(formatMicros("100000", "EUR")).toBe("0.10 EUR");
    expect(formatMicros("1234567", "JPY")).toBe("1.234567 JPY");
    expect(formatMicros("-5000000", "USD")).toBe("-5.00 USD");
    // Beyond 2^53: no float rounding.
    expect(formatMicros("9007199254740993000000", "USD")).toBe("9007199254740993.00 USD");
  });
});
