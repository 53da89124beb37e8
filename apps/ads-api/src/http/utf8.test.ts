import { describe, expect, it } from "vitest";
import { BROKEN_UTF8, decodeUtf8MarkingBroken } from "./utf8.js";

const bytes = (...parts: (string | number[])[]): Buffer =>
  Buffer.concat(
    parts.map((part) => (typeof part === "string" ? Buffer.from(part) : Buffer.from(part))),
  );

describe("decodeUtf8MarkingBroken", () => {
  it("decodes well-formed UTF-8 as it is, replacement characters sent on purpose included", () => {
    expect(decodeUtf8MarkingBroken(Buffer.from("Café 😀 \ufffd"))).toBe("Café 😀 \ufffd");
  });

  it("marks each broken sequence: encoded surrogates, overlongs, stray and cut bytes", () => {
    expect(decodeUtf8MarkingBroken(bytes("a", [0xed, 0xa0, 0x80], "b"))).toBe(`a${BROKEN_UTF8}b`);
    expect(decodeUtf8MarkingBroken(bytes([0xc0, 0xaf], "x"))).toBe(`${BROKEN_UTF8}x`);
    expect(decodeUtf8MarkingBroken(bytes("x", [0x80]))).toBe(`x${BROKEN_UTF8}`);
    expect(decodeUtf8MarkingBroken(bytes("x", [0xf0, 0x9f]))).toBe(`x${BROKEN_UTF8}`);
    expect(decodeUtf8MarkingBroken(bytes([0xf4, 0x90, 0x80, 0x80]))).toBe(BROKEN_UTF8);
  });

  it("is one pass over a long hostile body", () => {
    const hostile = Buffer.alloc(2_000_000, 0xe0); // every byte starts a sequence that never ends
    expect(decodeUtf8MarkingBroken(hostile)).toHaveLength(2_000_000);
  });
});
