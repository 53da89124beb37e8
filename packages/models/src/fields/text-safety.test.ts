import { describe, expect, it } from "vitest";
import { codePointLength, textProblem } from "./text-safety.js";

describe("textProblem", () => {
  it("passes ordinary text, accents and emoji (well-formed surrogate pairs)", () => {
    expect(textProblem("Summer sale 2026")).toBeUndefined();
    expect(textProblem("Été ✓ 🚀 中文")).toBeUndefined();
    expect(textProblem("")).toBeUndefined();
  });

  it("refuses NUL and every other C0 control character, and DEL, naming the first", () => {
    expect(textProblem("abc\u0000def")).toBe(
      "must not contain control characters (found U+0000 at index 3)",
    );
    for (let code = 0; code <= 0x1f; code += 1) {
      expect(textProblem(`x${String.fromCharCode(code)}`), `U+${code}`).toMatch(
        /^must not contain/,
      );
    }
    expect(textProblem("a\u007f")).toBe(
      "must not contain control characters (found U+007F at index 1)",
    );
    // C1 controls and other invisible characters are text PostgreSQL holds.
    expect(textProblem("a\u0085\u200b")).toBeUndefined();
  });

  it("lets TAB, LF and CR through only where line breaks are allowed", () => {
    expect(textProblem("line one\r\n\tline two")).toBe(
      "must not contain control characters (found U+000D at index 8)",
    );
    expect(textProblem("line one\r\n\tline two", { lineBreaks: true })).toBeUndefined();
    expect(textProblem("line\n\u0000", { lineBreaks: true })).toBe(
      "must not contain control characters (found U+0000 at index 5)",
    );
  });

  it("refuses lone surrogates: a high one at the end or before a non-low, a low one alone", () => {
    expect(textProblem("ab\ud83d")).toBe(
      "must be well-formed Unicode text (found a lone surrogate U+D83D at index 2)",
    );
    expect(textProblem("\ud83dx")).toMatch(/lone surrogate U\+D83D at index 0/);
    expect(textProblem("x\ude80")).toMatch(/lone surrogate U\+DE80 at index 1/);
    expect(textProblem("\ud83d\ud83d\ude80")).toMatch(/lone surrogate U\+D83D at index 0/);
    expect(textProblem("🚀\ude80")).toMatch(/lone surrogate U\+DE80 at index 2/);
  });

  it("is one linear pass over long adversarial input", () => {
    // Long runs ending in a problem, and runs of pairs: the scan visits each unit once.
    const length = 200_000;
    expect(textProblem(`${"a".repeat(length)}\u0000`)).toMatch(/index 200000/);
    expect(textProblem(`${"🚀".repeat(length)}\ud83d`)).toMatch(/index 400000/);
    expect(textProblem("\t\n".repeat(length), { lineBreaks: true })).toBeUndefined();
    expect(codePointLength("🚀".repeat(length))).toBe(length);
  });
});

describe("codePointLength", () => {
  it("counts characters as the spec does: a surrogate pair is one, a lone surrogate one", () => {
    expect(codePointLength("abc")).toBe(3);
    expect(codePointLength("a🚀b")).toBe(3);
    expect(codePointLength("\ud83d")).toBe(1);
    expect(codePointLength("")).toBe(0);
  });
});
