import { describe, expect, it } from "vitest";
import { buildAuthenticateUrl, buildAuthorizeUrl } from "./authorize-url.js";
import { OAuthProtocolError } from "./errors.js";

describe("authorize and authenticate URLs", () => {
  it("carry oauth_token, force_login and screen_name, never oauth_callback", () => {
    const url = new URL(
      buildAuthorizeUrl("https://api.example.com/", {
        token: "t/1",
        forceLogin: true,
        screenName: "a b",
      }),
    );
    expect(url.pathname).toBe("/oauth/authorize");
    expect([...url.searchParams]).toEqual([
      ["oauth_token", "t/1"],
      ["force_login", "true"],
      ["screen_name", "a b"],
    ]);
    const auth = buildAuthenticateUrl("https://api.example.com", { token: "t" });
    expect(auth).toBe("https://api.example.com/oauth/authenticate?oauth_token=t");
    expect(auth).not.toContain("oauth_callback");
  });

  it("requires https except on loopback (spec §4.1)", () => {
    expect(() => buildAuthorizeUrl("http://api.example.com", { token: "t" })).toThrow(
      OAuthProtocolError,
    );
    expect(() => buildAuthorizeUrl("not a url", { token: "t" })).toThrow(OAuthProtocolError);
    expect(buildAuthenticateUrl("http://127.0.0.1:4000", { token: "t" })).toBe(
      "http://127.0.0.1:4000/oauth/authenticate?oauth_token=t",
    );
  });
});
