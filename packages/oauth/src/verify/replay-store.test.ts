import { describe, expect, it } from "vitest";
import { createMemoryReplayStore, replayClientId } from "./replay-store.js";

const NOW_MS = 1_000_000_000;
const NOW = NOW_MS / 1000;
const entry = (client: string, nonce: string, timestamp = NOW) => ({ client, timestamp, nonce });

describe("replayClientId", () => {
  it("names a client by consumer key and token, without showing the token", () => {
    const id = replayClientId("key", { token: "1-SECRETTOKEN" });
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(id).not.toContain("SECRETTOKEN");
    expect(replayClientId("key", { token: "1-SECRETTOKEN" })).toBe(id);
    expect(new Set([id, replayClientId("key"), replayClientId("key", { token: "" })]).size).toBe(3);
    // Separators in either part cannot make two clients one.
    expect(replayClientId("a,b", { token: "c" })).not.toBe(replayClientId("a", { token: "b,c" }));
  });

  it("names a client by consumer key and owner when the token has one", () => {
    const owned = replayClientId("key", { token: "1-first", owner: "1" });
    expect(replayClientId("key", { token: "1-second", owner: "1" })).toBe(owned);
    expect(owned).not.toBe(replayClientId("key", { token: "1-first" }));
    expect(owned).not.toBe(replayClientId("key", { owner: "2" }));
    expect(owned).not.toBe(replayClientId("other-key", { owner: "1" }));
    // An owner is never mistaken for a token of the same text.
    expect(replayClientId("key", { owner: "x" })).not.toBe(replayClientId("key", { token: "x" }));
  });
});

describe("createMemoryReplayStore", () => {
  it("refuses a nonce seen with the same client and timestamp only", () => {
    const store = createMemoryReplayStore({ clock: () => NOW_MS });
    expect(store.remember(entry("k", "n"))).toEqual({ status: "new" });
    expect(store.remember(entry("k", "n"))).toEqual({ status: "replayed" });
    expect(store.remember(entry("k2", "n"))).toEqual({ status: "new" });
    expect(store.remember(entry("k", "n", NOW + 1))).toEqual({ status: "new" });
    expect(store.remember(entry("k", "m"))).toEqual({ status: "new" });
  });

  it("evicts entries older than the window, and refuses those as stale", () => {
    let now = NOW_MS;
    const store = createMemoryReplayStore({ windowSeconds: 300, clock: () => now });
    expect(store.remember(entry("k", "n"))).toEqual({ status: "new" });
    now += 300_000;
    expect(store.remember(entry("k", "n"))).toEqual({ status: "replayed" });
    expect(store.size).toBe(1);
    now += 1_000;
    expect(store.remember(entry("k", "other", NOW + 301))).toEqual({ status: "new" });
    expect(store.size).toBe(1);
    expect(store.remember(entry("k", "n"))).toEqual({ status: "replayed" });
  });

  it("refuses a client past its share while others keep being served", () => {
    const store = createMemoryReplayStore({ maxPerClient: 3, clock: () => NOW_MS });
    for (const nonce of ["a", "b", "c"])
      expect(store.remember(entry("flood", nonce)).status).toBe("new");
    expect(store.remember(entry("flood", "d"))).toEqual({ status: "full", retryAfterSeconds: 301 });
    // A replay of a recorded nonce is still a replay, not a rate limit.
    expect(store.remember(entry("flood", "a")).status).toBe("replayed");
    for (const nonce of ["a", "b", "c"])
      expect(store.remember(entry("other", nonce)).status).toBe("new");
    expect(store.size).toBe(6);
  });

  it("frees a full client's share as its oldest nonces expire", () => {
    let now = NOW_MS;
    const store = createMemoryReplayStore({ maxPerClient: 2, clock: () => now });
    expect(store.remember(entry("k", "a", NOW - 100)).status).toBe("new");
    expect(store.remember(entry("k", "b")).status).toBe("new");
    const full = store.remember(entry("k", "c"));
    expect(full).toEqual({ status: "full", retryAfterSeconds: 201 });
    now += 201_000;
    expect(store.remember(entry("k", "c", NOW + 201)).status).toBe("new");
  });

  it("past the global bound, refuses only clients at or above their fair share", () => {
    const store = createMemoryReplayStore({
      maxPerClient: 100,
      maxEntries: 10,
      clock: () => NOW_MS,
    });
    for (let i = 0; i < 10; i += 1)
      expect(store.remember(entry("big", `n${i}`)).status).toBe("new");
    // Full in total: "big" holds 10, more than half of 10 with a second client asking.
    expect(store.remember(entry("big", "more")).status).toBe("full");
    // The newcomer is below its share (5): admitted, even though the total is over the bound.
    for (let i = 0; i < 5; i += 1)
      expect(store.remember(entry("small", `n${i}`)).status).toBe("new");
    expect(store.remember(entry("small", "n5")).status).toBe("full");
    // A third client's share is 10 / 3: a newcomer is always served.
    expect(store.remember(entry("third", "n0")).status).toBe("new");
    expect(store.size).toBe(16);
  });
});
