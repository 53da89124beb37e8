import { ValidationError as ModelsValidationError } from "@adsgraph/models";
import {
  RestApiError,
  RestAuthError,
  RestNetworkError,
  RestProtocolError,
  RestRateLimitError,
} from "@adsgraph/rest-client";
import { describe, expect, it } from "vitest";
import { toFacadeError } from "./to-facade-error.js";
import { UPSTREAM_ERROR_TABLE } from "./upstream-errors.js";

const site = { endpointId: "campaigns.get", method: "GET", path: "/12/accounts/a/campaigns/c" };
const apiError = (status: number, code: string, parameter?: string) =>
  new RestApiError(site, {
    status,
    errors: [{ code, message: `${code} happened`, parameter }],
    requestId: "r1",
    rateLimit: undefined,
    attempts: 1,
  });

describe("UPSTREAM_ERROR_TABLE", () => {
  it("gives each failure the GraphQL code its row declares", () => {
    const samples = [
      apiError(400, "INVALID_PARAMETER", "name"),
      apiError(403, "UNAUTHORIZED_ACCESS"),
      apiError(404, "NOT_FOUND"),
      apiError(500, "INTERNAL_ERROR"),
      new RestAuthError(site, {
        status: 401,
        errors: [{ code: 89, message: "Invalid or expired token." }],
        requestId: undefined,
        rateLimit: undefined,
        attempts: 1,
      }),
      new RestNetworkError(site, "failed", { possiblyApplied: false, attempts: 1 }),
    ];
    for (const error of samples) {
      const row = UPSTREAM_ERROR_TABLE.find(
        (entry) =>
          error instanceof entry.class &&
          (entry.status === undefined || ("status" in error && error.status === entry.status)) &&
          entry.appCredentials !== true,
      );
      expect(row, error.message).toBeDefined();
      expect(toFacadeError(error)?.code).toBe(row?.code);
    }
  });
});

describe("toFacadeError", () => {
  it("maps upstream statuses to codes a client acts on, keeping the service's codes", () => {
    expect(toFacadeError(apiError(404, "NOT_FOUND"))).toMatchObject({
      code: "NOT_FOUND",
      upstream: { status: 404, codes: ["NOT_FOUND"] },
    });
    expect(toFacadeError(apiError(403, "UNAUTHORIZED_ACCESS"))?.code).toBe("FORBIDDEN");
    expect(toFacadeError(apiError(500, "INTERNAL_ERROR"))).toMatchObject({
      code: "UPSTREAM_ERROR",
      status: 500,
      codes: ["INTERNAL_ERROR"],
    });
    const auth = new RestAuthError(site, {
      status: 401,
      errors: [{ code: 89, message: "Invalid or expired token" }],
      requestId: undefined,
      rateLimit: undefined,
      attempts: 1,
    });
    expect(toFacadeError(auth)).toMatchObject({
      code: "UNAUTHENTICATED",
      upstream: { codes: ["89"] },
    });
    // The same refusal of the facade's own app-only bearer is no fault of the caller's session.
    const appRefused = new RestAuthError(
      { endpointId: "bidding_rules.list", method: "GET", path: "/12/bidding_rules" },
      {
        status: 401,
        errors: [{ code: 89, message: "Invalid or expired token" }],
        requestId: undefined,
        rateLimit: undefined,
        attempts: 2,
      },
    );
    expect(toFacadeError(appRefused)).toMatchObject({
      code: "UPSTREAM_ERROR",
      message: expect.stringContaining("app-only bearer") as unknown,
    });
    const resetAt = new Date("2026-11-21T12:15:00Z");
    const limited = new RestRateLimitError(site, {
      resetAt,
      waitedMs: 0,
      maxWaitMs: 0,
      sent: true,
      rateLimit: undefined,
    });
    expect(toFacadeError(limited)).toMatchObject({ code: "RATE_LIMITED", resetAt });
  });

  it("says when a write may have been applied, so a client checks before sending it again", () => {
    const create = {
      endpointId: "campaigns.create",
      method: "POST",
      path: "/12/accounts/a/campaigns",
    };
    const reset = new RestNetworkError(create, "connection reset after sending", {
      possiblyApplied: true,
      causeCode: "ECONNRESET",
      attempts: 1,
    });
    expect(toFacadeError(reset)).toMatchObject({ code: "UPSTREAM_ERROR", possiblyApplied: true });
    const refused = new RestNetworkError(create, "connection refused", {
      possiblyApplied: false,
      attempts: 1,
    });
    expect(toFacadeError(refused)).toMatchObject({ possiblyApplied: false });
    // A 2xx answer to a write that could not be read: the write went through.
    const unreadable = new RestProtocolError(create, "answered a body that is not JSON", {
      status: 200,
    });
    expect(toFacadeError(unreadable)).toMatchObject({ possiblyApplied: true });
    expect(toFacadeError(new RestProtocolError(site, "bad JSON", { status: 200 }))).toMatchObject({
      possiblyApplied: false,
    });
  });

  it("names violations by GraphQL input field, upstream 400s and local checks alike", () => {
    const fieldOf = (parameter: string) =>
      parameter === "daily_budget_amount_local_micro" ? "dailyBudget" : parameter;
    expect(
      toFacadeError(apiError(400, "INVALID_PARAMETER", "daily_budget_amount_local_micro"), fieldOf),
    ).toMatchObject({
      code: "BAD_USER_INPUT",
      violations: [
        {
          field: "dailyBudget",
          parameter: "daily_budget_amount_local_micro",
          code: "INVALID_PARAMETER",
        },
      ],
    });
    const local = new ModelsValidationError("campaigns.create", [
      { code: "TOO_LONG", parameter: "name", message: "too long" },
    ]);
    expect(toFacadeError(local)).toMatchObject({
      violations: [{ field: "name", code: "TOO_LONG" }],
      upstream: undefined,
    });
    expect(toFacadeError(new Error("boom"))).toBeUndefined();
  });
});

describe("post failures (spec §4.7, §4.9)", () => {
  it("types the edit window, the reply rule and media refusals; other 403s stay forbidden", () => {
    expect(toFacadeError(apiError(403, "EDIT_WINDOW_PASSED"))).toMatchObject({
      name: "EditWindowPassedError",
      code: "FORBIDDEN",
      upstream: { status: 403, codes: ["EDIT_WINDOW_PASSED"] },
    });
    expect(toFacadeError(apiError(403, "REPLY_NOT_ALLOWED"))).toMatchObject({
      name: "ReplyNotAllowedError",
      code: "FORBIDDEN",
    });
    for (const code of ["PREMIUM_REQUIRED", "NOT_POST_AUTHOR"]) {
      expect(toFacadeError(apiError(403, code))).toMatchObject({
        name: "ForbiddenError",
        upstream: { status: 403, codes: [code] },
      });
    }
    const fieldOf = (parameter: string) =>
      parameter.replace("media.media_ids", "mediaIds").replace("media_keys", "mediaKeys");
    expect(
      toFacadeError(apiError(400, "TOO_MANY_ITEMS", "media.media_ids"), fieldOf),
    ).toMatchObject({
      name: "MediaRuleError",
      code: "BAD_USER_INPUT",
      field: "mediaIds",
      violations: [{ code: "TOO_MANY_ITEMS", field: "mediaIds", parameter: "media.media_ids" }],
    });
    expect(toFacadeError(apiError(400, "INVALID_PARAMETER", "media_keys"), fieldOf)).toMatchObject({
      name: "MediaRuleError",
      field: "mediaKeys",
    });
    // A 400 on another parameter stays a ValidationError.
    expect(toFacadeError(apiError(400, "INVALID_PARAMETER", "card_uri"))?.name).toBe(
      "ValidationError",
    );
  });
});
