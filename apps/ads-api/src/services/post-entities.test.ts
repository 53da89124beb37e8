import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { languageOf, parseEntities, resolveMentions } from "./post-entities.js";

describe("parseEntities (spec §2.12 entities)", () => {
  it("finds mentions, hashtags and URLs with code-point offsets", () => {
    const text = "Hi @Ada_L! Try #café at https://example.com/a?b=1. 🎉 #2 @x";
    const entities = parseEntities(text);
    expect(entities.mentions).toEqual([
      { start: 3, end: 9, username: "Ada_L" },
      { start: 56, end: 58, username: "x" },
    ]);
    expect(entities.hashtags).toEqual([{ start: 15, end: 20, tag: "café" }]);
    expect(entities.urls).toEqual([
      {
        start: 24,
        end: 49,
        url: "https://example.com/a?b=1",
        expanded_url: "https://example.com/a?b=1",
        display_url: "example.com/a?b=1",
      },
    ]);
    // Offsets count code points: the emoji before `#2` is one.
    const chars = Array.from(text);
    for (const mention of entities.mentions) {
      expect(chars.slice(mention.start, mention.end).join("")).toBe(`@${mention.username}`);
    }
  });

  it("takes no mention inside a word or e-mail address, nor one longer than a screen name", () => {
    expect(parseEntities("mail me at ada@example.com").mentions).toEqual([]);
    expect(parseEntities("@abcdefghijklmnopq is too long").mentions).toEqual([]);
    expect(parseEntities("@abcdefghijklmno fits").mentions).toHaveLength(1);
    expect(parseEntities("a#b is no hashtag, #1 neither").hashtags).toEqual([]);
  });

  it("resolves mentions case-insensitively to user ids", () => {
    const resolved = resolveMentions(parseEntities("@Ada and @bob"), new Map([["ada", "123"]]));
    expect(resolved.mentions.map((m) => m.id)).toEqual(["123", undefined]);
  });

  it("tags text with letters en, and text of only entities und", () => {
    expect(languageOf("hello", parseEntities("hello"))).toBe("en");
    const text = "@ada https://x.y #tag 🎉";
    expect(languageOf(text, parseEntities(text))).toBe("und");
  });

  it("every entity lies within the text and entities never overlap", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("@", "#", "https://", "a", "é", " ", ".", "_", "1", "😀"), {
          maxLength: 60,
        }),
        (parts) => {
          const text = parts.join("");
          const length = Array.from(text).length;
          const { mentions, hashtags, urls } = parseEntities(text);
          const spans = [...mentions, ...hashtags, ...urls].sort((a, b) => a.start - b.start);
          let last = 0;
          for (const span of spans) {
            expect(span.start).toBeGreaterThanOrEqual(last);
            expect(span.end).toBeGreaterThan(span.start);
            expect(span.end).toBeLessThanOrEqual(length);
            last = span.end;
          }
        },
      ),
    );
  });

  it("reads a long hostile run without rescanning it (linear: every entity kind at full length)", () => {
    // Each would take quadratic time to a parser that restarts a scan at every position.
    for (const run of [
      "@".repeat(25_000),
      "#1".repeat(12_500),
      "a".repeat(25_000),
      `https://${"x".repeat(24_000)}`,
    ]) {
      const entities = parseEntities(run);
      expect(entities.mentions.length + entities.hashtags.length).toBeLessThanOrEqual(1);
    }
  });
});
