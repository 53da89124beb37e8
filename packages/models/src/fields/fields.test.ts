import { describe, expect, it } from "vitest";
import { getEndpoint } from "../catalog/catalog.js";
import { LIMITS } from "../limits.js";
import { idListMax } from "./size-rules.js";
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

  it("tell their own maximum: 200 by default, 100 for the post-data lookup", () => {
    expect(idListMax(getEndpoint("campaigns.list"), "campaign_ids")).toBe(LIMITS.idsPerList);
    expect(idListMax(getEndpoint("cards.list"), "card_uris")).toBe(LIMITS.idsPerList);
    expect(idListMax(getEndpoint("post_data.posts.lookup"), "ids")).toBe(LIMITS.postLookupIds);
    expect(LIMITS.postLookupIds).toBe(100);
    // Not id lists: an enum list, a scalar, a name the endpoint does not have.
    expect(idListMax(getEndpoint("post_data.posts.lookup"), "post.fields")).toBeUndefined();
    expect(idListMax(getEndpoint("campaigns.list"), "account_id")).toBeUndefined();
    expect(idListMax(getEndpoint("campaigns.list"), "toString")).toBeUndefined();
  });
});

describe("advertising ids (spec §2.1: short alphanumeric strings)", () => {
  it("accept the ids this service and the vendor issue, media keys and UUID-style ids", () => {
    for (const id of ["a1", "2iqph", "18ce54d4x5t", "1503831318555086849", "3_150", "IAB1-1"]) {
      expectValid("campaigns.get", { account_id: "a1", campaign_id: id });
    }
    expectValid("campaigns.get", {
      account_id: "a1",
      campaign_id: "3beaeaca-0f2f-4aff-a025-e0d53a0aef2c",
    });
  });

  it.each(["a 1", "a/b", "a?b", "a%2F", "a.b", "é1", "a,b", "a\tb", "../x"])("refuse %j", (id) => {
    const violation = expectViolation(
      "campaigns.get",
      { account_id: "a1", campaign_id: id },
      "campaign_id",
      "INVALID_PARAMETER",
    );
    expect(violation.message).toContain("must be an advertising id: letters, digits, _ and - only");
  });

  it("are at most 64 characters, nested ones included", () => {
    const operations = [{ operation_type: "Delete", params: { campaign_id: "c".repeat(65) } }];
    expectViolation(
      "campaigns.batch",
      { account_id: "a1", operations },
      "operations[0].params.campaign_id",
      "TOO_LONG",
    );
  });

  it("card URIs are card://<advertising id>", () => {
    expectValid("cards.all.list", { account_id: "a1", card_uris: "card://1503831318555086849" });
    for (const uri of ["card://", "card://a b", "card://x/../y", "https://x", "card:/x"]) {
      expectViolation(
        "cards.all.list",
        { account_id: "a1", card_uris: [uri] },
        "card_uris[0]",
        "INVALID_PARAMETER",
      );
    }
  });
});

describe("word lists", () => {
  it("hold one-line words; an array item may not hold the comma that separates items", () => {
    const search = { granularity: "DAY", start_time: "2026-03-01T00:00:00Z" };
    const now = new Date("2026-03-03T00:00:00Z");
    expectValid("insights.keywords.search", { ...search, keywords: ["a b", "c"] }, { now });
    expectViolation(
      "insights.keywords.search",
      { ...search, keywords: ["a,b"] },
      "keywords[0]",
      "INVALID_PARAMETER",
      { now },
    );
    expectViolation(
      "insights.keywords.search",
      { ...search, keywords: ["a\nb"] },
      "keywords[0]",
      "INVALID_PARAMETER",
      { now },
    );
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

  it.each([
    ["True", true],
    ["TRUE", true],
    ["False", false],
    ["fAlSe", false],
  ] as const)("accept %j in any letter case (Python writes True)", (value, parsed) => {
    expect(
      expectValid("accounts.get", { account_id: "a1", with_deleted: value }).with_deleted,
    ).toBe(parsed);
  });

  it.each(["yes", "1", "truth", "", 1])("reject %j", (value) => {
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

  it("refuse year 0000 and other years PostgreSQL or JavaScript cannot hold, as text or Date", () => {
    const create = { account_id: "a1", currency: "USD", type: "CREDIT_CARD" };
    for (const start_time of [
      "0000-01-01T00:00:00Z",
      "1969-12-31T23:59:59Z",
      new Date("0000-01-01T00:00:00Z"),
      new Date(Date.UTC(10_000, 0, 1)),
    ]) {
      const violation = expectViolation(
        "funding_instruments.create",
        { ...create, start_time },
        "start_time",
        "INVALID_PARAMETER",
      );
      expect(violation.message).toContain("a real date in the years 1970 to 9999");
    }
    expectViolation(
      "account_history.list",
      {
        account_id: "a1",
        entity_type: "CAMPAIGN",
        entity_id: "c1",
        start_time: "0000-01-01T00:00:00Z",
        end_time: "0000-01-01T01:00:00Z",
      },
      "start_time",
      "INVALID_PARAMETER",
    );
  });
});
