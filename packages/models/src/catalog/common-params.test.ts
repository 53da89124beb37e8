import { describe, expect, it } from "vitest";
import { LIMITS } from "../limits.js";
import { expectValid, expectViolation } from "../../test/support.js";

describe("list parameters (spec §4.2, §8)", () => {
  it("count is 1 to 1000 on lists", () => {
    expect(expectValid("accounts.list", { count: LIMITS.listCount.max }).count).toBe(
      LIMITS.listCount.max,
    );
    expect(expectValid("accounts.list", { count: "1" }).count).toBe(1);
    const violation = expectViolation("accounts.list", { count: 1001 }, "count", "OUT_OF_RANGE");
    expect(violation.message).toBe("count must be between 1 and 1000 (got 1001)");
    expectViolation("accounts.list", { count: 0 }, "count", "OUT_OF_RANGE");
    expectViolation("accounts.list", { count: "ten" }, "count", "INVALID_PARAMETER");
    expectViolation("accounts.list", { count: "5e1" }, "count", "INVALID_PARAMETER");
  });

  it("count is 1 to 200 on cards", () => {
    expectValid("cards.list", { account_id: "a1", count: LIMITS.cardsCount.max });
    expectViolation(
      "cards.list",
      { account_id: "a1", count: LIMITS.cardsCount.max + 1 },
      "count",
      "OUT_OF_RANGE",
    );
  });

  it("with_total_count is never combined with cursor", () => {
    expectValid("accounts.list", { with_total_count: true });
    expectValid("accounts.list", { cursor: "c1", with_total_count: false });
    expectViolation(
      "accounts.list",
      { cursor: "c1", with_total_count: "true" },
      "with_total_count",
      "CONFLICTING_PARAMETERS",
    );
    expectViolation(
      "tailored_audiences.permissions.list",
      { account_id: "a1", tailored_audience_id: "abc2", cursor: "c1", with_total_count: true },
      "with_total_count",
      "CONFLICTING_PARAMETERS",
    );
  });

  it("sort_by is <attribute>-asc or <attribute>-desc", () => {
    expectValid("campaigns.list", { account_id: "a1", sort_by: "created_at-desc" });
    expectViolation(
      "campaigns.list",
      { account_id: "a1", sort_by: "created_at" },
      "sort_by",
      "INVALID_PARAMETER",
    );
  });

  it("q on cards is at most 80 characters", () => {
    expectValid("cards.poll.list", { account_id: "a1", q: "p".repeat(LIMITS.cardQueryLength.max) });
    expectViolation(
      "cards.poll.list",
      { account_id: "a1", q: "p".repeat(LIMITS.cardQueryLength.max + 1) },
      "q",
      "TOO_LONG",
    );
    expectViolation(
      "cards.list",
      { account_id: "a1", q: "p".repeat(LIMITS.cardQueryLength.max + 1) },
      "q",
      "TOO_LONG",
    );
  });

  it("q on accounts is 1 to 255 characters", () => {
    expectValid("accounts.list", { q: "a".repeat(LIMITS.queryLength.max) });
    expectViolation(
      "accounts.list",
      { q: "a".repeat(LIMITS.queryLength.max + 1) },
      "q",
      "TOO_LONG",
    );
    expectViolation("accounts.list", { q: "" }, "q", "INVALID_PARAMETER");
  });

  it("rejects parameters the endpoint does not take", () => {
    const violation = expectViolation(
      "accounts.list",
      { with_draft: true },
      "with_draft",
      "UNKNOWN_PARAMETER",
    );
    expect(violation.message).toBe("with_draft is not a parameter of this endpoint");
    expectViolation(
      "custom_audiences.get",
      { account_id: "a1", custom_audience_id: "x", with_deleted: true },
      "with_deleted",
      "UNKNOWN_PARAMETER",
    );
  });
});
