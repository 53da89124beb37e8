import { describe, expect, it } from "vitest";
import { catalog } from "./catalog/catalog.js";
import { LIMITS } from "./limits.js";
import { ModelsError, UnknownEndpointError, ValidationError, toModelsError } from "./errors.js";
import { parseParams, validateParams } from "./validate.js";

describe("validateParams / parseParams", () => {
  it("accepts an entry or an id and returns the normalised value", () => {
    const byEntry = validateParams(catalog["accounts.list"], { account_ids: "a,b" });
    const byId = validateParams("accounts.list", { account_ids: ["a", "b"] });
    expect(byEntry).toEqual({ ok: true, value: { account_ids: ["a", "b"] } });
    expect(byId).toEqual(byEntry);
  });

  it("returns { code, parameter, message } violations, all of them", () => {
    const result = validateParams("cards.poll.create", {
      account_id: "a1",
      duration_in_minutes: 3,
      first_choice: "c".repeat(30),
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.violations).toEqual([
      {
        code: "OUT_OF_RANGE",
        parameter: "duration_in_minutes",
        message: "duration_in_minutes must be between 5 and 10080 (got 3)",
      },
      {
        code: "TOO_LONG",
        parameter: "first_choice",
        message: "first_choice must be at most 25 characters (got 30)",
      },
      {
        code: "MISSING_PARAMETER",
        parameter: "second_choice",
        message: "second_choice is required",
      },
      { code: "MISSING_PARAMETER", parameter: "name", message: "name is required" },
    ]);
  });

  it("reports at most LIMITS.input.violations violations, so a bad batch cannot flood an answer", () => {
    const ids = Array.from(
      { length: LIMITS.input.violations + 50 },
      (_unused, index) => `x${index}`,
    );
    const result = validateParams("post_data.posts.lookup", { ids });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.violations).toHaveLength(LIMITS.input.violations);
    expect(result.violations[0]).toMatchObject({ code: "INVALID_PARAMETER", parameter: "ids[0]" });
  });

  it("reports a non-object request as a whole", () => {
    const result = validateParams("accounts.list", "account_ids=a");
    expect(result).toMatchObject({
      ok: false,
      violations: [{ code: "INVALID_PARAMETER", parameter: "" }],
    });
  });

  it("parseParams throws a ValidationError carrying every violation", () => {
    expect(
      parseParams("campaigns.get", { account_id: "a1", campaign_id: "c1", with_deleted: "false" }),
    ).toEqual({
      account_id: "a1",
      campaign_id: "c1",
      with_deleted: false,
    });
    try {
      parseParams("campaigns.update", { account_id: "a1", name: "n".repeat(256) });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toBeInstanceOf(ModelsError);
      const validation = error as ValidationError;
      expect(validation.code).toBe("VALIDATION_FAILED");
      expect(validation.endpointId).toBe("campaigns.update");
      expect(validation.violations.map((violation) => violation.parameter)).toEqual([
        "campaign_id",
        "name",
      ]);
      expect(validation.message).toBe("campaigns.update: campaign_id is required (and 1 more)");
    }
  });

  it("an unknown id is an UnknownEndpointError", () => {
    expect(() => parseParams("campaigns.patch" as "campaigns.get", {})).toThrow(
      UnknownEndpointError,
    );
  });

  it("toModelsError wraps anything thrown", () => {
    const wrapped = toModelsError(new TypeError("boom"));
    expect(wrapped).toBeInstanceOf(ModelsError);
    expect(wrapped.code).toBe("INTERNAL");
    expect(wrapped.cause).toBeInstanceOf(TypeError);
    const same = new ValidationError("x", []);
    expect(toModelsError(same)).toBe(same);
    expect(toModelsError("text").message).toBe("text");
  });
});
