import { describe, expect, it } from "vitest";
import { createMemoryReplayStore } from "./replay-store.js";

describe("createMemoryReplayStore", () => {
  it("refuses a nonce seen with the same consumer and timestamp only", () => {
    const store = createMemoryReplayStore({ clock: () => 1_000_000_000 });
    expect(store.checkAndRemember("k", 1_000_000, "n")).toBe(true);
    expect(store.checkAndRemember("k", 1_000_000, "n")).toBe(false);
    expect(store.checkAndRemember("k2", 1_000_000, "n")).toBe(true);
    expect(store.checkAndRemember("k", 1_000_001, "n")).toBe(true);
    expect(store.checkAndRemember("k", 1_000_000, "m")).toBe(true);
  });

  it("does not confuse triples whose parts contain separators", () => {
    const store = createMemoryReplayStore({ clock: () => 1_000_000_000 });
    expect(store.checkAndRemember("a\u0000b", 1_000_000, "c")).toBe(true);
    expect(store.checkAndRemember("a", 1_000_000, "b\u0000c")).toBe(true);
  });

  it("evicts entries older than the window", () => {
    let now = 1_000_000_000;
    const store = createMemoryReplayStore({ windowSeconds: 300, clock: () => now });
    expect(store.checkAndRemember("k", 1_000_000, "n")).toBe(true);
    now += 300_000;
    expect(store.checkAndRemember("k", 1_000_000, "n")).toBe(false);
    expect(store.size).toBe(1);
    now += 1_000;
    expect(store.checkAndRemember("k", 1_000_301, "other")).toBe(true);
    expect(store.size).toBe(1);
    // The stale triple itself is refused rather than remembered again.
    expect(store.checkAndRemember("k", 1_000_000, "n")).toBe(false);
  });

  it("fails closed when full of live entries", () => {
    const store = createMemoryReplayStore({ maxEntries: 2, clock: () => 1_000_000_000 });
    expect(store.checkAndRemember("k", 1_000_000, "a")).toBe(true);
    expect(store.checkAndRemember("k", 1_000_000, "b")).toBe(true);
    expect(store.checkAndRemember("k", 1_000_000, "c")).toBe(false);
    expect(store.size).toBe(2);
  });
});
