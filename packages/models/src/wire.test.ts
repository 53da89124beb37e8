import { describe, expect, it } from "vitest";
import { catalog } from "./catalog/catalog.js";
import { parseParams } from "./validate.js";
import { toWire } from "./wire.js";

const WEBSITE = {
  type: "DETAILS",
  title: "Shop",
  destination: { type: "WEBSITE", url: "https://example.com" },
};

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
      header: {},
      json: undefined,
      body: undefined,
    });
  });

  it("carries the OAuth parameters of spec §4.1 in the Authorization header, never the query", () => {
    const requestToken = toWire(catalog["oauth.request_token"], {
      oauth_callback: "oob",
      svc_auth_access_type: "read",
    });
    expect(requestToken.header).toEqual({ oauth_callback: "oob" });
    expect(requestToken.query).toEqual({ svc_auth_access_type: "read" });
    const accessToken = toWire(catalog["oauth.access_token"], {
      oauth_token: "t",
      oauth_verifier: "v",
    });
    expect(accessToken).toMatchObject({
      header: { oauth_token: "t", oauth_verifier: "v" },
      query: {},
      form: {},
    });
  });

  it("sends the bearer token to revoke in the form body (spec §4.1 oauth2/invalidate_token)", () => {
    const wire = toWire(catalog["oauth2.invalidate_token"], { access_token: "b" });
    expect(wire).toMatchObject({ form: { access_token: "b" }, query: {} });
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
      JSON.parse(
        '{"account_id":"a1","name":"n","funding_instrument_id":"f1","constructor":"x","toString":"y"}',
      ) as unknown,
    );
    expect(toWire(catalog["campaigns.create"], params).query).toEqual({
      name: "n",
      funding_instrument_id: "f1",
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
        components: [{ type: "MEDIA", media_key: "1_2" }, WEBSITE],
      }),
    );
    expect(card.json).toEqual({
      name: "c",
      components: [{ type: "MEDIA", media_key: "1_2" }, WEBSITE],
    });
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
