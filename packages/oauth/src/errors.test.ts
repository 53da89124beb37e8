import { describe, expect, it } from "vitest";
import {
  OAuthError,
  OAuthErrorCode,
  OAuthProtocolError,
  OAuthVerificationError,
  toOAuthError,
} from "./errors.js";

describe("errors", () => {
  it("form one hierarchy with codes", () => {
    const error = new OAuthProtocolError(OAuthErrorCode.MALFORMED_HEADER, "bad header");
    expect(error).toBeInstanceOf(OAuthError);
    expect(error.code).toBe(OAuthErrorCode.MALFORMED_HEADER);
    expect(error.name).toBe("OAuthProtocolError");
    expect(error.toJSON()).toEqual({
      name: "OAuthProtocolError",
      code: "MALFORMED_HEADER",
      message: "bad header",
    });
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
