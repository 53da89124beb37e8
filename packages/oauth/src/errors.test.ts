import { describe, expect, it } from "vitest";
import {
  BearerRateLimitedError,
  OAuthError,
  OAuthErrorCode,
  OAuthHttpError,
  OAuthVerificationError,
  toOAuthError,
} from "./errors.js";

describe("errors", () => {
  it("form one hierarchy with codes", () => {
    const limited = new BearerRateLimitedError("POST", "/oauth2/token", [
      { code: 99, message: "slow down" },
    ]);
    expect(limited).toBeInstanceOf(OAuthHttpError);
    expect(limited).toBeInstanceOf(OAuthError);
    expect(limited.code).toBe(OAuthErrorCode.BEARER_RATE_LIMITED);
    expect(limited.codes).toEqual([99]);
    expect(limited.message).toBe("POST /oauth2/token answered 403 (codes 99)");
    expect(limited.name).toBe("BearerRateLimitedError");
  });

  it("redacts server messages that echo credentials", () => {
    const error = new OAuthHttpError("POST", "/x", 401, [
      { code: 32, message: "bad oauth_token=abc" },
    ]);
    expect(JSON.stringify(error)).not.toContain("abc");
  });

  it("serialises the verification reason", () => {
    const error = new OAuthVerificationError(
      "missing_parameter",
      "oauth_nonce is missing",
      "oauth_nonce",
    );
    expect(error.toJSON()).toMatchObject({
      code: "VERIFICATION_FAILED",
      reason: "missing_parameter",
      parameter: "oauth_nonce",
    });
  });

  it("wraps foreign values without leaking them", () => {
    expect(toOAuthError(new Error("x access_token=zzz")).message).not.toContain("zzz");
    expect(toOAuthError("raw secret").message).toBe("unexpected failure");
    const own = new OAuthError(OAuthErrorCode.UNKNOWN, "m");
    expect(toOAuthError(own)).toBe(own);
  });
});
