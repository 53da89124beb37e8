import { describe, expect, it } from "vitest";
import { expectValid, expectViolation } from "../../test/support.js";
import { LIMITS } from "../limits.js";

describe("accounts (spec §4.3)", () => {
  const history = {
    account_id: "a1",
    entity_type: "CAMPAIGN",
    entity_id: "2wap7",
    start_time: "2026-03-01T10:00:00Z",
    end_time: "2026-03-02T10:00:00Z",
  };

  it("account history windows are on whole hours", () => {
    expectValid("account_history.list", history);
    const violation = expectViolation(
      "account_history.list",
      { ...history, start_time: "2026-03-01T10:30:00Z" },
      "start_time",
      "INVALID_PARAMETER",
    );
    expect(violation.message).toContain("whole hour");
    expectViolation(
      "account_history.list",
      { ...history, end_time: "2026-03-02T10:00:01Z" },
      "end_time",
      "INVALID_PARAMETER",
    );
  });

  it("account history requires its four parameters and a listed entity type", () => {
    expectViolation(
      "account_history.list",
      { ...history, entity_id: undefined },
      "entity_id",
      "MISSING_PARAMETER",
    );
    expectViolation(
      "account_history.list",
      { ...history, entity_type: "AD_GROUP" },
      "entity_type",
      "INVALID_PARAMETER",
    );
  });

  it("industry_type is the closed enum of §2.2", () => {
    expectValid("accounts.update", { account_id: "a1", industry_type: "RETAIL" });
    expectViolation(
      "accounts.update",
      { account_id: "a1", industry_type: "SPORTS" },
      "industry_type",
      "INVALID_PARAMETER",
    );
  });

  it("tax settings let unlisted parameters through (the spec says more exist) but check listed enums", () => {
    expectValid("tax_settings.update", {
      account_id: "a1",
      tax_category: "INDIVIDUAL",
      vat_number: "X1",
    });
    expectViolation(
      "tax_settings.update",
      { account_id: "a1", invoice_jurisdiction: "EU" },
      "invoice_jurisdiction",
      "INVALID_PARAMETER",
    );
  });

  it("user settings take a digit user id in the path", () => {
    expectValid("user_settings.update", {
      account_id: "a1",
      user_id: "756201191646691328",
      subscribe_email_types: "ACCOUNT_PERFORMANCE",
    });
    // The spec gives the e-mail types only as examples; each is still a word, not a document.
    expectViolation(
      "user_settings.update",
      {
        account_id: "a1",
        user_id: "756201191646691328",
        subscribe_email_types: `ACCOUNT_PERFORMANCE,${"X".repeat(LIMITS.wordLength + 1)}`,
      },
      "subscribe_email_types[1]",
      "TOO_LONG",
    );
    expectViolation(
      "user_settings.get",
      { account_id: "a1", user_id: "jack" },
      "user_id",
      "INVALID_PARAMETER",
    );
  });
});

describe("credential endpoints (spec §4.1)", () => {
  it("request_token needs oauth_callback: a URL or oob", () => {
    expectValid("oauth.request_token", { oauth_callback: "oob", svc_auth_access_type: "read" });
    expectValid("oauth.request_token", { oauth_callback: "https://app.example.com/callback" });
    expectViolation("oauth.request_token", {}, "oauth_callback", "MISSING_PARAMETER");
    expectViolation(
      "oauth.request_token",
      { oauth_callback: "later" },
      "oauth_callback",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "oauth.request_token",
      { oauth_callback: "oob", svc_auth_access_type: "admin" },
      "svc_auth_access_type",
      "INVALID_PARAMETER",
    );
  });

  it("authorize never takes oauth_callback", () => {
    expectValid("oauth.authorize", {
      oauth_token: "t",
      force_login: "true",
      screen_name: "someone",
    });
    expectViolation(
      "oauth.authorize",
      { oauth_token: "t", oauth_callback: "oob" },
      "oauth_callback",
      "UNKNOWN_PARAMETER",
    );
  });

  it("access_token needs oauth_token and oauth_verifier", () => {
    expectValid("oauth.access_token", { oauth_token: "t", oauth_verifier: "v" });
    expectViolation(
      "oauth.access_token",
      { oauth_token: "t" },
      "oauth_verifier",
      "MISSING_PARAMETER",
    );
  });

  it("oauth2/token only takes grant_type=client_credentials", () => {
    expectValid("oauth2.token", { grant_type: "client_credentials" });
    expectViolation("oauth2.token", { grant_type: "password" }, "grant_type", "INVALID_PARAMETER");
  });
});
