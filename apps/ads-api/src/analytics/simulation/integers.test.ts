import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apportion, mulDivFloor } from "./integers.js";

describe("apportion", () => {
  it("splits a whole into shares that sum to it, each within one unit of its exact share", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.nat({ max: 1_000_000 }), fc.maxSafeNat()),
        fc.array(fc.nat({ max: 1_000_000 }), { minLength: 1, maxLength: 8 }),
        (total, raw) => {
          const weights = raw.some((w) => w > 0) ? raw : [...raw, 1];
          const shares = apportion(total, weights);
          const sum = weights.reduce((a, b) => a + b, 0);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
          shares.forEach((share, i) => {
            const exact = (BigInt(total) * BigInt(weights[i] ?? 0)) / BigInt(sum);
            expect(BigInt(share) - exact >= 0n && BigInt(share) - exact <= 1n).toBe(true);
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it("gives the unit of a tie to the earlier weight", () => {
    expect(apportion(1, [1, 1])).toEqual([1, 0]);
    expect(apportion(5, [1, 1, 1])).toEqual([2, 2, 1]);
  });
});

describe("mulDivFloor", () => {
  it("is exact past 2^53", () => {
    expect(mulDivFloor(9_007_199_254_740_991, 3, 7)).toBe(
      Number((9_007_199_254_740_991n * 3n) / 7n),
    );
    expect(mulDivFloor(10, 3, 4)).toBe(7);
  });
});
