import { ValidationError } from "@adsgraph/models";
import { OAuthProtocolError } from "@adsgraph/oauth";
import { describe, expect, it } from "vitest";
import {
  REST_CLIENT_ERROR_CODES,
  RestApiError,
  RestClientError,
  RestProtocolError,
  RestValidationError,
  toRestClientError,
} from "./errors.js";
import { scrubError, secretScrubber } from "./redaction.js";

const site = { endpointId: "campaigns.get", method: "GET", path: "/12/accounts/a/campaigns/c" };

describe("toRestClientError", () => {
  it("keeps client errors and converts catalog and OAuth errors", () => {
    const own = new RestClientError(REST_CLIENT_ERROR_CODES.INTERNAL, "x");
    expect(toRestClientError(own)).toBe(own);
    const validation = toRestClientError(
      new ValidationError("campaigns.get", [
        { code: "MISSING_PARAMETER", parameter: "campaign_id", message: "is required" },
      ]),
    );
    if (!(validation instanceof RestValidationError)) throw new Error("not a validation error");
    expect(validation.violations[0]?.parameter).toBe("campaign_id");
    const signing = toRestClientError(
      new OAuthProtocolError("INVALID_ARGUMENT", "nonce must be ASCII"),
    );
    expect(signing).toMatchObject({ code: "INTERNAL", message: "nonce must be ASCII" });
    const other = toRestClientError(new Error("failed with oauth_token=abc"));
    expect(other.code).toBe("INTERNAL");
    expect(other.message).not.toContain("abc");
    expect(toRestClientError("weird").message).toBe("unexpected failure");
  });
});

describe("messages a person can act on", () => {
  it("an API error lists every code, parameter and the request id", () => {
    const error = new RestApiError(site, {
      status: 400,
      errors: [
        { code: "INVALID_PARAMETER", message: "bad count", parameter: "count" },
        { code: "MISSING_PARAMETER", message: "name is required", parameter: "name" },
      ],
      requestId: "r-7",
      rateLimit: undefined,
      attempts: 1,
    });
    expect(error.message).toBe(
      "GET campaigns.get (/12/accounts/a/campaigns/c) answered 400: INVALID_PARAMETER count bad count; MISSING_PARAMETER name name is required (request id r-7)",
    );
    expect(error.toJSON()).toMatchObject({ status: 400, requestId: "r-7", code: "API_ERROR" });
  });
});

describe("secret scrubbing", () => {
  it("masks known secret values in messages, items and stacks", () => {
    const error = new RestApiError(site, {
      status: 401,
      errors: [{ code: 32, message: "bad secret s3cr3t-value" }],
      requestId: undefined,
      rateLimit: undefined,
      attempts: 1,
    });
    scrubError(error, secretScrubber(["s3cr3t-value", undefined, "no"]));
    expect(error.message).not.toContain("s3cr3t-value");
    expect(error.stack).not.toContain("s3cr3t-value");
    expect(error.errors[0]?.message).toBe("bad secret [REDACTED]");
  });

  it("never shows the value of a credential-named parameter in a violation", () => {
    const error = new RestValidationError("oauth2.invalidate_token", [
      {
        code: "INVALID_PARAMETER",
        parameter: "access_token",
        message: 'must be a string (got "tok-123")',
      },
    ]);
    expect(error.violations[0]?.message).toBe("must be a string (value not shown)");
    expect(error.message).not.toContain("tok-123");
  });
});

describe("RestProtocolError", () => {
  const write = {
    endpointId: "campaigns.create",
    method: "POST",
    path: "/12/accounts/a/campaigns",
  };

  it("is possibly applied only for a write the service answered 2xx", () => {
    const applied = (callSite: typeof site, status?: number) =>
      new RestProtocolError(callSite, "answered a body that is not JSON", { status })
        .possiblyApplied;
    expect(applied(write, 200)).toBe(true);
    expect(applied({ ...write, method: "DELETE" }, 204)).toBe(true);
    expect(applied({ ...write, method: "PUT" }, 299)).toBe(true);
    expect(applied(site, 200)).toBe(false);
    expect(applied(write, 302)).toBe(false);
    expect(applied(write, undefined)).toBe(false);
  });
});
