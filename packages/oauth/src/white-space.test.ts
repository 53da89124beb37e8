import { describe, expect, it } from "vitest";
import { isSpace, skipSpaces } from "./white-space.js";

describe("white space", () => {
  it("is exactly what \\s matches, for every UTF-16 code unit", () => {
    const differ: number[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      if (isSpace(code) !== /\s/.test(String.fromCharCode(code))) differ.push(code);
    }
    expect(differ).toEqual([]);
  });

  it("skips to the first other character, or the end", () => {
    expect(skipSpaces("a \t\u00a0\u3000b", 1)).toBe(5);
    expect(skipSpaces("a  ", 1)).toBe(3);
    expect(skipSpaces("ab", 1)).toBe(1);
  });
});
