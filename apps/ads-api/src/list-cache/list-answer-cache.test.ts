import { describe, expect, it } from "vitest";
import { ListAnswerCache } from "./list-answer-cache.js";

const body = (text: string) => Buffer.from(text, "utf8");

describe("ListAnswerCache", () => {
  it("answers only for the data version and before the instant it was stored with", () => {
    const cache = new ListAnswerCache();
    cache.set("k", { version: 7n, stableUntil: 1_000, body: body("a") });
    expect(cache.get("k", 7n, 999)?.toString()).toBe("a");
    expect(cache.get("k", 8n, 999)).toBeUndefined();
    // The stale entry is gone, not only skipped.
    expect(cache.get("k", 7n, 999)).toBeUndefined();
    cache.set("k", { version: 7n, stableUntil: 1_000, body: body("a") });
    expect(cache.get("k", 7n, 1_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("keeps within its size bound, dropping the oldest answers first", () => {
    const cache = new ListAnswerCache(10);
    cache.set("a", { version: 1n, stableUntil: Infinity, body: body("12345") });
    cache.set("b", { version: 1n, stableUntil: Infinity, body: body("12345") });
    cache.set("c", { version: 1n, stableUntil: Infinity, body: body("123") });
    expect(cache.get("a", 1n, 0)).toBeUndefined();
    expect(cache.get("b", 1n, 0)?.toString()).toBe("12345");
    expect(cache.get("c", 1n, 0)?.toString()).toBe("123");
    cache.set("huge", { version: 1n, stableUntil: Infinity, body: body("x".repeat(11)) });
    expect(cache.get("huge", 1n, 0)).toBeUndefined();
  });
});
