import { describe, expect, it } from "vitest";
import { REACHABLE_USERS, estimateAudience, shareOf } from "./audience-estimate.js";

const location = (value: string) =>
  ({ targeting_type: "LOCATION", targeting_value: value }) as const;
const platform = (value: string) =>
  ({ targeting_type: "PLATFORM", targeting_value: value }) as const;

describe("estimateAudience (spec §4.6)", () => {
  it("answers the same for the same criteria, in any order and spelling", () => {
    const one = estimateAudience([location("us"), platform("0")], undefined);
    expect(estimateAudience([platform("0"), location(" US ")], "EQ")).toEqual(one);
    expect(estimateAudience([location("us"), location("US"), platform("0")], undefined)).toEqual(
      one,
    );
    expect(one.audience_size.min).toBeLessThan(one.audience_size.max);
    expect(one.audience_size.min % 100).toBe(0);
  });

  it("grows with more values of one type, shrinks with more types and exclusions", () => {
    const size = (criteria: Parameters<typeof estimateAudience>[0]) =>
      estimateAudience(criteria, undefined).audience_size.max;
    const us = size([location("us")]);
    expect(size([location("us"), location("gb")])).toBeGreaterThan(us);
    expect(size([location("us"), platform("0")])).toBeLessThan(us);
    expect(size([location("us"), { ...location("gb"), operator_type: "NE" }])).toBeLessThan(us);
    expect(us).toBeLessThanOrEqual(REACHABLE_USERS);
  });

  it("counts a country once in either form: alpha-2 code or targeting value (issue 33)", () => {
    const byCode = estimateAudience([location("US"), platform("0")], undefined);
    expect(estimateAudience([location("96683cc9126741d1"), platform("0")], undefined)).toEqual(
      byCode,
    );
    expect(
      estimateAudience([location("us"), location("96683cc9126741d1"), platform("0")], undefined),
    ).toEqual(byCode);
    expect(estimateAudience([location("GB"), platform("0")], undefined)).not.toEqual(byCode);
  });

  it("weighs a criterion between 2% and 32% of the users", () => {
    for (const value of ["a", "b", "c", "96683cc9126741d1"]) {
      const share = shareOf("LOCATION", value);
      expect(share).toBeGreaterThanOrEqual(0.02);
      expect(share).toBeLessThan(0.32);
    }
  });
});
