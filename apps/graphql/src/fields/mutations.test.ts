import { describe, expect, it } from "vitest";
import { inputPath } from "./mutations.js";

describe("inputPath", () => {
  it("names wire parameter paths as GraphQL input paths", () => {
    const fieldOf = inputPath({ daily_budget_amount_local_micro: "dailyBudget" });
    expect(fieldOf("operations[2].params.daily_budget_amount_local_micro")).toBe(
      "operations[2].dailyBudget",
    );
    expect(fieldOf("components[1].destination.country_code")).toBe(
      "components[1].destination.countryCode",
    );
    expect(fieldOf("slides[0][1].media_key")).toBe("slides[0][1].mediaKey");
  });

  it("reads a long path with brackets and line breaks in one pass", () => {
    // The former `^([^[]*)(.*)$` backtracked over the name when a line break followed the
    // `[`: quadratic, about a minute for this path.
    const hostile = `${"a".repeat(200_000)}[\n`;
    expect(inputPath()(hostile)).toBe(hostile);
  });
});
