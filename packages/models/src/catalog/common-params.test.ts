import { describe, expect, it } from "vitest";
import { LIMITS } from "../limits.js";
import { endpoints, getEndpoint } from "./catalog.js";
import { expectValid, expectViolation, violationsOf } from "../../test/support.js";
import type { EndpointId } from "./catalog.js";

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
    expectValid("campaigns.list", {
      account_id: "a1",
      sort_by: "daily_budget_amount_local_micro-asc",
    });
    for (const sortBy of ["created_at", "created_at-up", "-asc", "created_at-asc-desc", ""]) {
      expectViolation(
        "campaigns.list",
        { account_id: "a1", sort_by: sortBy },
        "sort_by",
        "INVALID_PARAMETER",
      );
    }
  });

  it("sort_by names one of the list's attributes, and the message lists them", () => {
    const violation = expectViolation(
      "accounts.list",
      { sort_by: "budget-asc" },
      "sort_by",
      "INVALID_PARAMETER",
    );
    expect(violation.message).toBe(
      'sort_by must be <attribute>-asc or <attribute>-desc with attribute one of id, name, timezone, created_at, updated_at (got "budget-asc")',
    );
    // A card attribute is not a campaign attribute.
    expectValid("cards.list", { account_id: "a1", sort_by: "card_type-desc" });
    expectViolation(
      "campaigns.list",
      { account_id: "a1", sort_by: "card_type-desc" },
      "sort_by",
      "INVALID_PARAMETER",
    );
  });

  it.each(["__proto__-asc", "constructor-desc", "toString-asc", "hasOwnProperty-asc", "__proto__"])(
    "sort_by=%s is refused, never looked up",
    (sortBy) => {
      for (const id of ["accounts.list", "cards.poll.list", "promoted_posts.list"] as const) {
        expectViolation(id, { account_id: "a1", sort_by: sortBy }, "sort_by", "INVALID_PARAMETER");
      }
    },
  );

  it("sort_by is checked in linear time on long adversarial input", () => {
    // Just under the general string cap, so the sort_by rule itself runs.
    const length = LIMITS.input.stringLength - 10;
    const dashes = `${"-".repeat(length)}asc`;
    expectViolation("accounts.list", { sort_by: dashes }, "sort_by", "INVALID_PARAMETER");
    const names = `${"name-".repeat(Math.floor(length / "name-".length))}asc`;
    expectViolation("accounts.list", { sort_by: names }, "sort_by", "INVALID_PARAMETER");
  });

  it("each list exposes its sortable attributes; endpoints without sort_by expose none", () => {
    expect(getEndpoint("campaigns.list").sortable).toContain("total_budget_amount_local_micro");
    expect(getEndpoint("cards.video_conversation.list").sortable).toEqual(
      getEndpoint("cards.list").sortable,
    );
    expect(getEndpoint("campaigns.get").sortable).toEqual([]);
    for (const entry of endpoints) {
      const takesSortBy = "sort_by" in entry.locations;
      expect(entry.sortable.length > 0, entry.id).toBe(takesSortBy);
      for (const attribute of entry.sortable) {
        const found = violationsOf(entry.id as EndpointId, { sort_by: `${attribute}-desc` });
        expect(found.filter((violation) => violation.parameter === "sort_by")).toEqual([]);
      }
    }
  });

  it("cursor is what a list gave: visible ASCII without spaces, bounded", () => {
    expectValid("accounts.list", { cursor: "eyJrIjoiYSJ9Abc-_=" });
    expectViolation("accounts.list", { cursor: "two words" }, "cursor", "INVALID_PARAMETER");
    expectViolation(
      "accounts.list",
      { cursor: "c".repeat(LIMITS.cursorLength + 1) },
      "cursor",
      "TOO_LONG",
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
