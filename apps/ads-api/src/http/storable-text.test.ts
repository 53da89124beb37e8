import { describe, expect, it } from "vitest";
import { unstorableText } from "./storable-text.js";

describe("unstorableText", () => {
  it("accepts any Unicode text, paired surrogates (emoji) included", () => {
    expect(
      unstorableText({ name: "Café 😀", list: ["\t\n", "x"], nested: { ключ: "値" } }),
    ).toEqual([]);
  });

  it("names each control character and unpaired surrogate, in values and names, at any depth", () => {
    const errors = unstorableText({
      a: "x\u0000",
      b: ["ok", "\ud800"],
      c: { d: [{ e: "\udc00x" }] },
      "n\u0000": "v",
      f: "\ud83d", // a high surrogate at the very end
    });
    expect(errors.map((error) => error.parameter)).toEqual(
      expect.arrayContaining(["a", "b[1]", "c.d[0].e", "n\u0000", "f"]),
    );
    expect(errors).toHaveLength(5);
    expect(errors.find((error) => error.parameter === "a")?.message).toMatch(
      /control characters \(found U\+0000/,
    );
    expect(errors.find((error) => error.parameter === "b[1]")?.message).toMatch(/surrogate/);
  });

  it("reports at most 20 entries and runs in one pass over a long input", () => {
    const many = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`p${i}`, "\u0000"]));
    expect(unstorableText(many)).toHaveLength(20);
    // 200,000 characters, half of them high surrogates each followed by a low one.
    const long = "\ud83d\ude00".repeat(100_000);
    expect(unstorableText({ long })).toEqual([]);
    expect(unstorableText({ long: `${long}\ud83d` })).toHaveLength(1);
  });
});
