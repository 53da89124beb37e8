import { describe, expect, it } from "vitest";
import { LIMITS } from "../limits.js";
import { getEndpoint } from "../catalog/catalog.js";
import { expectValid, expectViolation, violationsOf } from "../../test/support.js";

// Issue 13, point 9: rules ads-api used to check by hand, now written once in the catalog.

const account = { account_id: "18ce54d4x5t" };
const fi = { ...account, currency: "USD", start_time: "2026-01-01T00:00:00Z" };
const END = "2027-01-01T00:00:00Z";

describe("funding instrument create: fields per type (spec §4.5, §2.4)", () => {
  it("each type takes its own amounts, and an insertion order needs an end", () => {
    expectValid("funding_instruments.create", { ...fi, type: "CREDIT_CARD" });
    expectValid("funding_instruments.create", {
      ...fi,
      type: "CREDIT_LINE",
      credit_limit_local_micro: "5000000",
    });
    expectValid("funding_instruments.create", {
      ...fi,
      type: "INSERTION_ORDER",
      funded_amount_local_micro: "5000000",
      end_time: END,
    });
    expectValid("funding_instruments.create", { ...fi, type: "PARTNER_MANAGED" });
  });

  it("refuses a missing required field and a field the type does not take, naming each", () => {
    expect(
      violationsOf("funding_instruments.create", { ...fi, type: "INSERTION_ORDER" }).map(
        (violation) => `${violation.code} ${violation.parameter}`,
      ),
    ).toEqual(["MISSING_PARAMETER funded_amount_local_micro", "MISSING_PARAMETER end_time"]);
    const wrong = expectViolation(
      "funding_instruments.create",
      { ...fi, type: "CREDIT_CARD", credit_limit_local_micro: "5" },
      "credit_limit_local_micro",
      "INVALID_PARAMETER",
    );
    expect(wrong.message).toBe("credit_limit_local_micro does not apply to CREDIT_CARD");
    expectViolation(
      "funding_instruments.create",
      { ...fi, type: "AGENCY_CREDIT_LINE" },
      "credit_limit_local_micro",
      "MISSING_PARAMETER",
    );
    expectViolation(
      "funding_instruments.create",
      { ...fi, type: "CREDIT_LINE", credit_limit_local_micro: "5", funded_amount_local_micro: "5" },
      "funded_amount_local_micro",
      "INVALID_PARAMETER",
    );
  });

  it("end_time comes after start_time", () => {
    expectViolation(
      "funding_instruments.create",
      { ...fi, type: "CREDIT_CARD", end_time: fi.start_time },
      "end_time",
      "INVALID_PARAMETER",
    );
  });
});

describe("campaigns: what create needs and update cannot change", () => {
  it("create needs a name and a funding instrument", () => {
    expect(violationsOf("campaigns.create", account).map((v) => v.parameter)).toEqual([
      "name",
      "funding_instrument_id",
    ]);
  });

  it("update changes no funding_instrument_id: it passes as read-only (ads-api compares it)", () => {
    expectValid("campaigns.update", { ...account, campaign_id: "c1", funding_instrument_id: "f1" });
    expect(getEndpoint("campaigns.update").readOnly).toContain("funding_instrument_id");
    expectViolation(
      "campaigns.update",
      { ...account, campaign_id: "c1", funding_instrument: "f1" },
      "funding_instrument",
      "UNKNOWN_PARAMETER",
    );
  });

  it("batch items follow the single calls, and a batch holds at most the cap", () => {
    const found = violationsOf("campaigns.batch", {
      ...account,
      operations: [
        { operation_type: "Create", params: { name: "n" } },
        { operation_type: "Update", params: { campaign_id: "c1", funding_instrument_id: "f2" } },
        { operation_type: "Update", params: { campaign_id: "c1", id: "c1", nme: "x" } },
      ],
    }).map((violation) => `${violation.code} ${violation.parameter}`);
    // Update items take what campaigns.update takes: read-only fields, no unknown names.
    expect(found).toEqual([
      "MISSING_PARAMETER operations[0].params.funding_instrument_id",
      "UNKNOWN_PARAMETER operations[2].params.nme",
    ]);
    const remove = { operation_type: "Delete", params: { campaign_id: "c1" } };
    expectValid("campaigns.batch", {
      ...account,
      operations: Array.from({ length: LIMITS.campaignBatch }, () => remove),
    });
    expectViolation(
      "campaigns.batch",
      { ...account, operations: Array.from({ length: LIMITS.campaignBatch + 1 }, () => remove) },
      "operations",
      "TOO_MANY_ITEMS",
    );
  });
});

describe("cards: one media and one destination (spec §2.8 card_type)", () => {
  const media = { type: "MEDIA", media_key: "1_2" };
  const website = {
    type: "DETAILS",
    title: "Shop",
    destination: { type: "WEBSITE", url: "https://example.com" },
  };

  it("accepts a media and a destination, in either order", () => {
    expectValid("cards.create", { ...account, name: "c", components: [media, website] });
    expectValid("cards.create", { ...account, name: "c", components: [website, media] });
  });

  it("refuses components without a destination, or with two media", () => {
    expectViolation(
      "cards.create",
      { ...account, name: "c", components: [media] },
      "components",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "cards.update",
      { ...account, card_id: "c1", components: [media, media, website] },
      "components",
      "INVALID_PARAMETER",
    );
  });

  it("slides: 2 to 6, each one MEDIA and one DETAILS", () => {
    const slide = [media, website];
    expectValid("cards.create", { ...account, name: "c", slides: [slide, slide] });
    expectViolation(
      "cards.create",
      { ...account, name: "c", slides: [slide] },
      "slides",
      "TOO_FEW_ITEMS",
    );
    expectViolation(
      "cards.create",
      { ...account, name: "c", slides: [slide, [media]] },
      "slides[1]",
      "INVALID_PARAMETER",
    );
  });
});
