import { sha256Hex } from "@adsgraph/rest-client";
import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors/facade-errors.js";
import { AUDIENCE_USER_CAPS, hashedUsers } from "./audience-users.js";

/** The ValidationError `run` throws (fails the test when it throws nothing else). */
function refusal(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error("expected a ValidationError");
}

describe("hashedUsers", () => {
  it("normalises and hashes every identifier but the partner id", () => {
    expect(
      hashedUsers(
        [
          { email: [" Someone@Example.COM "], phoneNumber: ["07700 900123"] },
          { handle: ["@Some_One"], partnerUserId: ["crm-1"] },
        ],
        "users",
        { defaultCountryCode: "44" },
      ),
    ).toEqual([
      { email: [sha256Hex("someone@example.com")], phone_number: [sha256Hex("447700900123")] },
      { handle: [sha256Hex("some_one")], partner_user_id: ["crm-1"] },
    ]);
  });

  it("refuses past the caps before reading any value", () => {
    const users = Array.from({ length: AUDIENCE_USER_CAPS.users + 1 }, () => ({
      email: ["x".repeat(AUDIENCE_USER_CAPS.valueLength + 1)],
    }));
    const error = refusal(() => hashedUsers(users, "users"));
    expect(error.violations).toEqual([
      expect.objectContaining({ code: "TOO_MANY_ITEMS", field: "users" }),
    ]);
    expect(error.violations[0]?.message).toContain("rest-client upload helper");
    const many = refusal(() =>
      hashedUsers([{ partnerUserId: Array.from({ length: 5001 }, (_, i) => `p${i}`) }], "users"),
    );
    expect(many.violations[0]).toMatchObject({ code: "TOO_MANY_ITEMS", field: "users" });
  });

  it("names a refused value by its path, never repeating it", () => {
    const error = refusal(() =>
      hashedUsers(
        [{ email: ["fine@example.com", "secret-without-at"] }, {}, { phoneNumber: ["12"] }],
        "users",
      ),
    );
    expect(error.violations.map((v) => [v.code, v.field])).toEqual([
      ["MISSING_PARAMETER", "users[1]"],
    ]);
    const unusable = refusal(() =>
      hashedUsers(
        [{ email: ["fine@example.com", "secret-without-at"] }, { phoneNumber: ["12"] }],
        "users",
      ),
    );
    expect(unusable.violations.map((v) => [v.code, v.field])).toEqual([
      ["INVALID_PARAMETER", "users[0].email[1]"],
      ["INVALID_PARAMETER", "users[1].phoneNumber[0]"],
    ]);
    expect(JSON.stringify(unusable.violations) + unusable.message).not.toContain("secret");
  });
});
