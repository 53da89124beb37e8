import { describe, expect, it } from "vitest";
import { LIMITS } from "../limits.js";
import { expectValid, expectViolation, violationsOf } from "../../test/support.js";
import { catalog } from "./catalog.js";

const account = { account_id: "18ce54d4x5t" };
const lineItem = { ...account, line_item_id: "bw2" };
const engagements = {
  ...account,
  campaign_id: "2wap7",
  name: "Untitled",
  objective: "ENGAGEMENTS",
  product_type: "PROMOTED_POSTS",
  placements: "ALL_ON_TWITTER",
};

describe("line item parameters (beyond the spec: vendor-sdk/line_items_*.json)", () => {
  it("marks every line item endpoint as beyond the spec, naming its source", () => {
    for (const id of ["list", "get", "create", "update", "delete"] as const) {
      expect(catalog[`line_items.${id}`].beyondSpec).toMatch(/line_items_\*\.json/);
    }
    expect(catalog["campaigns.list"].beyondSpec).toBeNull();
  });

  it("requires campaign_id, name, objective, product_type and placements on create", () => {
    expectValid("line_items.create", engagements);
    const names = violationsOf("line_items.create", account).map((v) => `${v.parameter} ${v.code}`);
    expect(names.sort()).toEqual([
      "campaign_id MISSING_PARAMETER",
      "name MISSING_PARAMETER",
      "objective MISSING_PARAMETER",
      "placements MISSING_PARAMETER",
      "product_type MISSING_PARAMETER",
    ]);
  });

  it("creates with the spec's product types (§4.4), the vendor's PROMOTED_TWEETS taken as PROMOTED_POSTS", () => {
    for (const type of ["MEDIA", "PROMOTED_ACCOUNT", "PROMOTED_POSTS"]) {
      expectValid("line_items.create", { ...engagements, product_type: type });
    }
    const parsed = expectValid("line_items.create", {
      ...engagements,
      product_type: "PROMOTED_TWEETS",
    });
    expect(parsed.product_type).toBe("PROMOTED_POSTS");
    expectViolation(
      "line_items.create",
      { ...engagements, product_type: "PROMOTED_TRENDS" },
      "product_type",
      "INVALID_PARAMETER",
    );
  });

  it("takes categories only with PREROLL_VIEWS, where one or two are required (§4.4)", () => {
    const preroll = { ...engagements, objective: "PREROLL_VIEWS", product_type: "MEDIA" };
    expectValid("line_items.create", { ...preroll, categories: "1" });
    expectValid("line_items.create", { ...preroll, categories: ["1", "2"] });
    expectViolation("line_items.create", preroll, "categories", "MISSING_PARAMETER");
    expectViolation(
      "line_items.create",
      { ...preroll, categories: "1,2,3" },
      "categories",
      "TOO_MANY_IDS",
    );
    const off = expectViolation(
      "line_items.create",
      { ...engagements, categories: "1" },
      "categories",
      "CONFLICTING_PARAMETERS",
    );
    expect(off.message).toBe(
      "categories are only allowed when objective is PREROLL_VIEWS (got ENGAGEMENTS)",
    );
  });

  it("bids an amount with MAX and TARGET, none with AUTO", () => {
    expectValid("line_items.create", { ...engagements, bid_amount_local_micro: 1 });
    expectValid("line_items.create", { ...engagements, bid_strategy: "AUTO" });
    expectViolation(
      "line_items.create",
      { ...engagements, bid_strategy: "TARGET" },
      "bid_amount_local_micro",
      "MISSING_PARAMETER",
    );
    expectViolation(
      "line_items.update",
      { ...lineItem, bid_strategy: "AUTO", bid_amount_local_micro: 1 },
      "bid_amount_local_micro",
      "CONFLICTING_PARAMETERS",
    );
    // On update the stored strategy decides (ads-api checks it).
    expectValid("line_items.update", { ...lineItem, bid_strategy: "MAX" });
  });

  it("refuses a placement or category listed twice and a domain that is a URL", () => {
    expectViolation(
      "line_items.create",
      { ...engagements, placements: "TWITTER_SEARCH,TWITTER_SEARCH" },
      "placements",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "line_items.update",
      { ...lineItem, categories: "4,4" },
      "categories",
      "INVALID_PARAMETER",
    );
    expectValid("line_items.update", { ...lineItem, advertiser_domain: "shop.example.co.uk" });
    for (const domain of ["https://example.com", "example", "-bad.com", "a b.com"]) {
      expectViolation(
        "line_items.update",
        { ...lineItem, advertiser_domain: domain },
        "advertiser_domain",
        "INVALID_PARAMETER",
      );
    }
  });

  it("names are 1 to 255 characters; update cannot change what fixes a line item's kind", () => {
    expectValid("line_items.update", { ...lineItem, name: "n".repeat(LIMITS.lineItemName) });
    expectViolation(
      "line_items.update",
      { ...lineItem, name: "n".repeat(LIMITS.lineItemName + 1) },
      "name",
      "TOO_LONG",
    );
    // What fixes a line item's kind is read-only: accepted here, compared with the stored
    // line item by ads-api (update-rule.ts); a name of no field is unknown.
    for (const name of ["campaign_id", "objective", "product_type", "placements"]) {
      expectValid("line_items.update", { ...lineItem, [name]: "x" });
    }
    expectViolation(
      "line_items.update",
      { ...lineItem, objectve: "x" },
      "objectve",
      "UNKNOWN_PARAMETER",
    );
  });

  it("lists with three id lists of at most 200 ids, q and the list parameters", () => {
    const ids = Array.from({ length: LIMITS.idsPerList + 1 }, (_, index) => `i${index}`);
    expectValid("line_items.list", {
      ...account,
      line_item_ids: ids.slice(1),
      campaign_ids: "a,b",
      funding_instrument_ids: "f",
      q: "Spr",
      count: 1000,
      sort_by: "objective-desc",
      with_deleted: true,
    });
    for (const name of ["line_item_ids", "campaign_ids", "funding_instrument_ids"]) {
      expectViolation("line_items.list", { ...account, [name]: ids }, name, "TOO_MANY_IDS");
    }
    expect(catalog["line_items.list"].sortable).toContain("product_type");
  });
});
