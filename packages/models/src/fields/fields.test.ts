import { describe, expect, it } from "vitest";
import { LIMITS } from "../limits.js";
import { expectValid, expectViolation } from "../../test/support.js";

const ids = (count: number, prefix = "c"): string[] =>
  Array.from({ length: count }, (_unused, index) => `${prefix}${index}`);

describe("id lists (spec §4.2)", () => {
  it("accept an array or a comma-separated string and normalise to an array", () => {
    expect(expectValid("accounts.list", { account_ids: "a1,b2" }).account_ids).toEqual([
      "a1",
      "b2",
    ]);
    expect(expectValid("accounts.list", { account_ids: ["a1", "b2"] }).account_ids).toEqual([
      "a1",
      "b2",
    ]);
  });

  it("hold at most 200 ids", () => {
    expectValid("accounts.list", { account_ids: ids(LIMITS.idsPerList) });
    const violation = expectViolation(
      "accounts.list",
      { account_ids: ids(LIMITS.idsPerList + 1).join(",") },
      "account_ids",
      "TOO_MANY_IDS",
    );
    expect(violation.message).toBe("account_ids must list at most 200 ids (got 201)");
  });

  it("reject empty items and empty lists", () => {
    expectViolation(
      "accounts.list",
      { account_ids: "a1,,b2" },
      "account_ids[1]",
      "INVALID_PARAMETER",
    );
    expectViolation("accounts.list", { account_ids: "" }, "account_ids", "INVALID_PARAMETER");
    expectViolation("accounts.list", { account_ids: 7 }, "account_ids", "INVALID_PARAMETER");
  });

  it("keep post ids as digit strings and refuse numbers", () => {
    const value = expectValid("post_previews.list", {
      account_id: "a1",
      post_ids: "1130942781109596160,1101254234031370240",
      post_type: "PUBLISHED",
    });
    expect(value.post_ids).toEqual(["1130942781109596160", "1101254234031370240"]);
    expectViolation(
      "post_previews.list",
      { account_id: "a1", post_ids: [1130942781109596160], post_type: "PUBLISHED" },
      "post_ids",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "post_previews.list",
      { account_id: "a1", post_ids: ["11309a"], post_type: "PUBLISHED" },
      "post_ids[0]",
      "INVALID_PARAMETER",
    );
  });

  it("user ids in paths and parameters are digit strings", () => {
    expectValid("promoted_accounts.create", {
      account_id: "a1",
      line_item_id: "2b7xw",
      user_id: "756201191646691328",
    });
    const violation = expectViolation(
      "promoted_accounts.create",
      { account_id: "a1", line_item_id: "2b7xw", user_id: 756201191646691328 },
      "user_id",
      "INVALID_PARAMETER",
    );
    expect(violation.message).toContain("digits");
  });
});

describe("booleans on the query string", () => {
  it("accept booleans and the exact words true/false", () => {
    expect(expectValid("accounts.get", { account_id: "a1", with_deleted: true }).with_deleted).toBe(
      true,
    );
    expect(
      expectValid("accounts.get", { account_id: "a1", with_deleted: "true" }).with_deleted,
    ).toBe(true);
    expect(
      expectValid("accounts.get", { account_id: "a1", with_deleted: "false" }).with_deleted,
    ).toBe(false);
  });

  it.each(["yes", "1", "TRUE", 1])("reject %j", (value) => {
    const violation = expectViolation(
      "accounts.get",
      { account_id: "a1", with_deleted: value },
      "with_deleted",
      "INVALID_PARAMETER",
    );
    expect(violation.message).toContain("must be true or false");
  });
});

describe("timestamps as parameters", () => {
  it("accept the exact form or a Date, and refuse others", () => {
    const value = expectValid("funding_instruments.create", {
      account_id: "a1",
      currency: "USD",
      type: "CREDIT_CARD",
      start_time: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, 500)),
    });
    expect(value.start_time).toBe("2026-01-01T00:00:00Z");
    expectViolation(
      "funding_instruments.create",
      { account_id: "a1", currency: "USD", type: "CREDIT_CARD", start_time: "2026-01-01" },
      "start_time",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "funding_instruments.create",
      { account_id: "a1", currency: "usd", type: "DEBIT", start_time: "2026-01-01T00:00:00Z" },
      "type",
      "INVALID_PARAMETER",
    );
  });
});
