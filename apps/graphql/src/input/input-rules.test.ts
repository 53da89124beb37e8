import { LIMITS } from "@adsgraph/models";
import { describe, expect, it } from "vitest";
import { CURSOR_MAX_LENGTH, inputProblem } from "./input-rules.js";

describe("inputProblem", () => {
  it("accepts ids and cursors of the spec's shape", () => {
    expect(inputProblem("id", "dmo1ab")).toBeUndefined();
    expect(inputProblem("id", "1234567890123456789_9876543210")).toBeUndefined();
    expect(inputProblem("id", "a".repeat(LIMITS.adsIdLength))).toBeUndefined();
    expect(inputProblem("cursor", "")).toBeUndefined(); // "from the start"
    expect(inputProblem("cursor", "eyJ2IjoxfQ.abc")).toBeUndefined();
  });

  it("refuses an id longer than the catalog's size rule, by its length alone", () => {
    expect(inputProblem("id", "a".repeat(LIMITS.adsIdLength + 1))).toEqual({
      code: "TOO_LONG",
      message: `must be at most ${LIMITS.adsIdLength} characters (got ${LIMITS.adsIdLength + 1})`,
    });
    // Control characters past the limit are never looked at: the size rule answers first.
    const huge = `${"a".repeat(1_000_000)}\u0000`;
    expect(inputProblem("id", huge)?.message).toBe(
      `must be at most ${LIMITS.adsIdLength} characters (got 1000001)`,
    );
    expect(inputProblem("cursor", "c".repeat(CURSOR_MAX_LENGTH + 1))?.code).toBe("TOO_LONG");
  });

  it("refuses empty ids, control characters and lone surrogates, naming the character", () => {
    expect(inputProblem("id", "")).toEqual({
      code: "INVALID_PARAMETER",
      message: "must not be empty",
    });
    for (const value of ["a\u0000b", "a\nb", "a\tb", "a\u007fb"]) {
      expect(inputProblem("id", value)).toMatchObject({
        code: "INVALID_PARAMETER",
        message: expect.stringContaining("control characters") as unknown,
      });
    }
    expect(inputProblem("cursor", "x\ud800")?.message).toContain("lone surrogate U+D800");
    expect(inputProblem("id", "emoji\u{1f600}")).toBeUndefined();
  });

  it("takes a long id (post, user, draft, media id) only as 1 to 20 digits", () => {
    expect(inputProblem("digitId", "1234567890123456789")).toBeUndefined();
    expect(inputProblem("digitId", "9".repeat(LIMITS.digitIdLength))).toBeUndefined();
    expect(inputProblem("digitId", "9".repeat(LIMITS.digitIdLength + 1))?.code).toBe("TOO_LONG");
    for (const value of ["", "12a", "-1", "1.5", " 1", "１２"]) {
      expect(inputProblem("digitId", value)?.code, value).toBe("INVALID_PARAMETER");
    }
  });
});
