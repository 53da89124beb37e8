import { describe, expect, it } from "vitest";
import { microsOfUnits, unitsOfMicros } from "./money.js";

describe("money", () => {
  it("shows micros as units without rounding", () => {
    expect(unitsOfMicros("12500000")).toBe("12.50");
    expect(unitsOfMicros("25000000")).toBe("25.00");
    expect(unitsOfMicros("1234567")).toBe("1.234567");
  });

  it("reads a typed amount as micros, refusing anything else", () => {
    expect(microsOfUnits("12.5")).toBe("12500000");
    expect(microsOfUnits(" 30 ")).toBe("30000000");
    expect(microsOfUnits("0.000001")).toBe("1");
    expect(microsOfUnits("1.2345678")).toBeUndefined();
    expect(microsOfUnits("-3")).toBeUndefined();
    expect(microsOfUnits("")).toBeUndefined();
  });
});
