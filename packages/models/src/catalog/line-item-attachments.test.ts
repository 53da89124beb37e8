import { describe, it } from "vitest";
import { expectValid, expectViolation } from "../../test/support.js";

describe("line item attachments (spec §4.6)", () => {
  it("tracking tags need line_item_id, a listed type and a URL", () => {
    const tag = {
      account_id: "a1",
      line_item_id: "2b7xw",
      tracking_tag_type: "IMPRESSION_TAG",
      tracking_tag_url: "https://t.example/p",
    };
    expectValid("tracking_tags.create", tag);
    expectViolation(
      "tracking_tags.create",
      { ...tag, tracking_tag_url: undefined },
      "tracking_tag_url",
      "MISSING_PARAMETER",
    );
    expectViolation(
      "tracking_tags.create",
      { ...tag, tracking_tag_type: "PIXEL" },
      "tracking_tag_type",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "tracking_tags.update",
      { account_id: "a1", tracking_tag_id: "t1" },
      "tracking_tag_url",
      "MISSING_PARAMETER",
    );
  });

  it("curated categories: both ids required on create, optional on update", () => {
    expectValid("line_item_curated_categories.update", {
      account_id: "a1",
      line_item_curated_category_id: "l1",
    });
    expectViolation(
      "line_item_curated_categories.create",
      { account_id: "a1", line_item_id: "2b7xw" },
      "curated_category_id",
      "MISSING_PARAMETER",
    );
  });

  it("media creatives and promoted accounts take id lists of at most 200", () => {
    expectValid("media_creatives.list", {
      account_id: "a1",
      line_item_ids: "2b7xw,2dw80",
      campaign_id: "2wap7",
    });
    const many = Array.from({ length: 201 }, (_unused, index) => `l${index}`);
    expectViolation(
      "promoted_accounts.list",
      { account_id: "a1", promoted_account_ids: many },
      "promoted_account_ids",
      "TOO_MANY_IDS",
    );
    expectViolation(
      "tracking_tags.list",
      { account_id: "a1", tracking_tag_ids: many },
      "tracking_tag_ids",
      "TOO_MANY_IDS",
    );
  });

  it("audience estimates need at least one targeting criterion, a primary one included", () => {
    const location = { targeting_type: "LOCATION", targeting_value: "96683cc9126741d1" };
    expectValid("audience_estimate.estimate", {
      account_id: "a1",
      targeting_criteria: [location, { targeting_type: "AGE", targeting_value: "AGE_18_TO_34" }],
    });
    // the criterion's own operator wins over the request's
    expectValid("audience_estimate.estimate", {
      account_id: "a1",
      targeting_criteria: [{ ...location, operator_type: "EQ" }],
      operator_type: "NE",
    });
    expectViolation(
      "audience_estimate.estimate",
      { account_id: "a1", targeting_criteria: [] },
      "targeting_criteria",
      "TOO_FEW_ITEMS",
    );
    expectViolation(
      "audience_estimate.estimate",
      { account_id: "a1", targeting_criteria: [location], operator_type: "GT" },
      "operator_type",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "audience_estimate.estimate",
      {
        account_id: "a1",
        targeting_criteria: [{ targeting_type: "GENDER", targeting_value: "1" }],
      },
      "targeting_criteria",
      "MISSING_PARAMETER",
    );
    expectViolation(
      "audience_estimate.estimate",
      { account_id: "a1", targeting_criteria: [location], operator_type: "NE" },
      "targeting_criteria",
      "MISSING_PARAMETER",
    );
    expectViolation(
      "audience_estimate.estimate",
      {
        account_id: "a1",
        targeting_criteria: [location, { targeting_type: "MOOD", targeting_value: "x" }],
      },
      "targeting_criteria[1].targeting_type",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "audience_estimate.estimate",
      { account_id: "a1", targeting_criteria: [{ ...location, targeting_value: "" }] },
      "targeting_criteria[0].targeting_value",
      "INVALID_PARAMETER",
    );
  });
});
