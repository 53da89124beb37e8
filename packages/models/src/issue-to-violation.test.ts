import { describe, expect, it } from "vitest";
import { validateParams } from "./validate.js";

describe("violations of credential parameters", () => {
  it("name the parameter and the rule but never show the value", () => {
    const result = validateParams("oauth.access_token", {
      oauth_token: 12_345_678_901,
      oauth_verifier: ["secret-verifier-value"],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const text = JSON.stringify(result.violations);
    expect(result.violations.map((v) => v.parameter).sort()).toEqual([
      "oauth_token",
      "oauth_verifier",
    ]);
    expect(text).not.toContain("12345678901");
    expect(text).not.toContain("secret-verifier-value");
  });

  it("still show the value of an ordinary parameter", () => {
    const result = validateParams("campaigns.get", {
      account_id: "abc",
      campaign_id: "c1",
      with_deleted: "yes",
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.violations[0]?.message).toContain('"yes"');
  });
});
