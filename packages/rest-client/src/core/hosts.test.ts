import { parseParams, toWire, getEndpoint, ValidationError } from "@adsgraph/models";
import { describe, expect, it } from "vitest";
import { LOCAL_HOSTS, requestUrl } from "./hosts.js";

describe("requestUrl", () => {
  it("puts a catalog request on its role's host with encoded path and query", () => {
    const endpoint = getEndpoint("campaigns.get");
    // Not validated: the catalog refuses such ids, but the URL is still built safely from them.
    const params = { account_id: "18ce54d4x5t", campaign_id: "a/b", with_deleted: true };
    expect(requestUrl(LOCAL_HOSTS, toWire(endpoint, params)).toString()).toBe(
      "http://127.0.0.1:4011/12/accounts/18ce54d4x5t/campaigns/a%2Fb?with_deleted=true",
    );
  });

  it("sends sandbox-only calls to the sandbox host", () => {
    const endpoint = getEndpoint("accounts.create");
    expect(requestUrl(LOCAL_HOSTS, toWire(endpoint, parseParams(endpoint, {}))).origin).toBe(
      LOCAL_HOSTS["ads-sandbox"],
    );
  });

  it("keeps a host's path prefix and encodes the query per RFC 3986, as OAuth signs it", () => {
    const endpoint = getEndpoint("campaigns.list");
    const params = parseParams(endpoint, { account_id: "a", q: "50% off* (it's)!" });
    const hosts = { ...LOCAL_HOSTS, ads: "https://proxy.example/ads-api/" };
    expect(requestUrl(hosts, toWire(endpoint, params)).toString()).toBe(
      "https://proxy.example/ads-api/12/accounts/a/campaigns?q=50%25%20off%2A%20%28it%27s%29%21",
    );
  });

  it("never builds a URL from parameters the catalog refuses", () => {
    expect(() => parseParams("campaigns.get", { account_id: "x" })).toThrow(ValidationError);
  });
});
