import { describe, expect, it } from "vitest";
import { issueToViolations } from "./issue-to-violation.js";
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

describe("values shown in messages", () => {
  it("are cut short, with their length, so a long value never fills an answer or a log", () => {
    const value = "x".repeat(60_000);
    const result = validateParams("accounts.get", { account_id: "a1", with_deleted: value });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const message = result.violations[0]?.message ?? "";
    expect(message).toContain(`"${"x".repeat(64)}"… (60000 characters)`);
    expect(message.length).toBeLessThan(200);
  });

  it("never cut a surrogate pair in two", () => {
    const result = validateParams("accounts.get", {
      account_id: "a1",
      with_deleted: `${"x".repeat(63)}🚀${"y".repeat(10)}`,
    });
    if (result.ok) return expect.unreachable();
    expect(result.violations[0]?.message).toContain(`"${"x".repeat(63)}"…`);
  });

  it("hide a credential's value in linear time, even with many (got ... in the message", () => {
    const issue = (message: string) =>
      issueToViolations({ code: "custom", message, path: ["oauth_token"], input: undefined })[0]
        ?.message;
    const many = " (got ".repeat(100_000);
    expect(issue(`must be valid${many})`)).toBe("oauth_token must be valid (value not shown)");
    // No closing parenthesis: nothing to hide; a backtracking pattern took quadratic time here.
    expect(issue(`must be valid${many}x`)).toBe(`oauth_token must be valid${many}x`);
  });
});
