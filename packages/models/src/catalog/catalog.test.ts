import { describe, expect, it } from "vitest";
import { UnknownEndpointError } from "../errors.js";
import { catalog, endpoints, findEndpoint, getEndpoint, isEndpointId } from "./catalog.js";
import { pathParameterNames } from "./endpoint.js";

describe("catalog", () => {
  it("has unique ids following <resource words>.<action>", () => {
    const ids = endpoints.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(catalog)).toEqual(ids);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9_]+(\.[a-z0-9_]+)+$/);
  });

  it("has one entry per method, host, version and path", () => {
    const keys = endpoints.map(
      (entry) => `${entry.method} ${entry.host} ${String(entry.version)} ${entry.path}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("gives every :placeholder a required path parameter, and path parameters only to placeholders", () => {
    for (const entry of endpoints) {
      const placeholders = pathParameterNames(entry.path);
      const inPath = Object.entries(entry.locations)
        .filter(([, location]) => location === "path")
        .map(([name]) => name);
      expect(inPath.sort(), entry.id).toEqual([...placeholders].sort());
      const missing = entry.params.safeParse({});
      const reported = missing.success ? [] : missing.error.issues.map((issue) => issue.path[0]);
      for (const name of placeholders) expect(reported, `${entry.id} ${name}`).toContain(name);
    }
  });

  it("uses the host roles, versions and authentication kinds of the spec", () => {
    const byId = (id: string) => getEndpoint(id);
    expect(byId("accounts.create").host).toBe("ads-sandbox");
    expect(byId("funding_instruments.delete").host).toBe("ads-sandbox");
    expect(byId("tailored_audiences.permissions.list").version).toBe("5");
    expect(byId("oauth.invalidate_token").version).toBe("1.1");
    expect(byId("oauth.request_token")).toMatchObject({
      version: null,
      auth: "oauth1-request",
      response: { kind: "form" },
    });
    expect(byId("oauth2.token")).toMatchObject({
      auth: "basic",
      locations: { grant_type: "form" },
      response: { kind: "raw-json" },
    });
    expect(byId("oauth.authorize").response.kind).toBe("html");
    expect(byId("post_data.posts.lookup")).toMatchObject({
      host: "base",
      version: "2",
      auth: "bearer-or-user",
    });
    expect(byId("activity.stream").response.kind).toBe("stream");
    // §5: Account Activity takes OAuth 2.0 or OAuth 1.0a user context.
    const activity = endpoints.filter((entry) => entry.id.startsWith("activity."));
    expect(activity.map((entry) => [entry.id, entry.auth])).toEqual([
      ["activity.stream", "bearer-or-oauth1"],
      ["activity.subscriptions.create", "bearer-or-oauth1"],
      ["activity.subscriptions.list", "bearer-or-oauth1"],
      ["activity.subscriptions.delete", "bearer-or-oauth1"],
    ]);
    // §4.4 reference data belongs to no account, §4.9 posts are public: the app-only bearer
    // may read them (and a user, issue 33).
    const reference = endpoints.filter((entry) => entry.auth === "bearer-or-user");
    expect(reference.map((entry) => entry.id).sort()).toEqual([
      "advertiser_business_categories.list",
      "bidding_rules.list",
      "content_categories.list",
      "iab_categories.list",
      "placements.list",
      "post_data.posts.get",
      "post_data.posts.lookup",
    ]);
    expect(byId("campaigns.list")).toMatchObject({
      host: "ads",
      version: "12",
      auth: "oauth1-user",
      response: { kind: "list" },
    });
    expect(byId("campaigns.batch")).toMatchObject({
      locations: { account_id: "path", operations: "body" },
      response: { kind: "batch" },
    });
    expect(byId("cards.create").locations).toMatchObject({
      name: "json",
      components: "json",
      slides: "json",
    });
    expect(byId("campaigns.update").locations).toMatchObject({ name: "query" });
  });

  it("splits rows with several methods into one entry per method", () => {
    expect(getEndpoint("account_media.get").method).toBe("GET");
    expect(getEndpoint("account_media.delete").method).toBe("DELETE");
    expect(
      findEndpoint(
        "POST",
        "ads",
        "12",
        "/accounts/:account_id/custom_audiences/:custom_audience_id/permissions",
      )?.id,
    ).toBe("custom_audiences.permissions.create");
  });

  it("never throws on malformed input, whatever the endpoint", () => {
    const inputs: unknown[] = [
      undefined,
      null,
      42,
      "x",
      [],
      {},
      {
        operations: [
          null,
          1,
          { params: null },
          { operation_type: "Update", params: { users: [null] } },
        ],
      },
      { components: [null, { type: "BUTTON" }] },
    ];
    for (const entry of endpoints) {
      for (const input of inputs)
        expect(() => entry.params.safeParse(input), entry.id).not.toThrow();
    }
  });

  it("looks entries up by id", () => {
    expect(isEndpointId("campaigns.get")).toBe(true);
    expect(isEndpointId("campaigns.patch")).toBe(false);
    expect(getEndpoint("campaigns.get")).toBe(catalog["campaigns.get"]);
    expect(() => getEndpoint("campaigns.patch")).toThrow(UnknownEndpointError);
  });
});
