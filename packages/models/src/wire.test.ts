import { describe, expect, it } from "vitest";
import { catalog } from "./catalog/catalog.js";
import { parseParams } from "./validate.js";
import { toWire } from "./wire.js";

describe("toWire", () => {
  it("joins id lists with commas and writes booleans as words on the query string", () => {
    const params = parseParams("campaigns.list", {
      account_id: "a1",
      campaign_ids: ["x", "y"],
      with_deleted: true,
      count: "50",
    });
    expect(toWire(catalog["campaigns.list"], params)).toEqual({
      method: "GET",
      host: "ads",
      path: "/12/accounts/a1/campaigns",
      query: { campaign_ids: "x,y", with_deleted: "true", count: "50" },
      form: {},
      json: undefined,
      body: undefined,
    });
  });

  it("encodes path segments, though no id the catalog accepts needs it", () => {
    const wire = toWire(catalog["campaigns.get"], { account_id: "a 1", campaign_id: "b/c?d" });
    expect(wire.path).toBe("/12/accounts/a%201/campaigns/b%2Fc%3Fd");
    expect(() => parseParams("campaigns.get", { account_id: "a 1", campaign_id: "b/c?d" })).toThrow(
      /account_id must be an advertising id/,
    );
  });

  it("sends open parameters named like Object members where other open parameters go", () => {
    const params = parseParams(
      "campaigns.create",
      JSON.parse('{"account_id":"a1","constructor":"x","toString":"y"}') as unknown,
    );
    expect(toWire(catalog["campaigns.create"], params).query).toEqual({
      constructor: "x",
      toString: "y",
    });
  });

  it("puts JSON fields in json and batch arrays in body", () => {
    const card = toWire(
      catalog["cards.create"],
      parseParams("cards.create", {
        account_id: "a1",
        name: "c",
        components: [{ type: "MEDIA", media_key: "1_2" }],
      }),
    );
    expect(card.json).toEqual({ name: "c", components: [{ type: "MEDIA", media_key: "1_2" }] });
    const operations = [{ operation_type: "Delete" as const, params: { campaign_id: "c1" } }];
    const batch = toWire(
      catalog["campaigns.batch"],
      parseParams("campaigns.batch", { account_id: "a1", operations }),
    );
    expect(batch).toMatchObject({
      path: "/12/batch/accounts/a1/campaigns",
      body: operations,
      query: {},
    });
  });

  it("uses the form body and no version for /oauth2/token", () => {
    expect(toWire(catalog["oauth2.token"], { grant_type: "client_credentials" })).toMatchObject({
      host: "base",
      path: "/oauth2/token",
      form: { grant_type: "client_credentials" },
    });
  });
});
