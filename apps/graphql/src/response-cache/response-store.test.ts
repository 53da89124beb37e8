import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ResponseStore, type StoredResponse } from "./response-store.js";

const answer = (userId: string, size: number, snapshots: string[] = []): StoredResponse => ({
  userId,
  body: Buffer.alloc(size),
  contentType: "application/json",
  expiresAt: Infinity,
  accounts: new Map(),
  snapshots: new Set(snapshots),
});

describe("response store", () => {
  it("keeps one user within their share, evicting only their own oldest answers", () => {
    const store = new ResponseStore({ maxBytes: 100_000, userMaxBytes: 10_000 });
    store.set("other", answer("u2", 1000));
    for (let i = 0; i < 100; i += 1) store.set(`k${i}`, answer("u1", 1000));
    expect(store.bytes).toBeLessThanOrEqual(10_000 + 2_000);
    expect(store.get("other")).toBeDefined(); // a hostile user cannot push others out
    expect(store.get("k99")).toBeDefined();
    expect(store.get("k0")).toBeUndefined();
  });

  it("stays within the global bound, dropping the least recently used of anyone", () => {
    const store = new ResponseStore({ maxBytes: 5_000, userMaxBytes: 5_000 });
    for (let i = 0; i < 20; i += 1) store.set(`k${i}`, answer(`u${i}`, 1000));
    expect(store.bytes).toBeLessThanOrEqual(5_000);
    expect(store.get("k19")).toBeDefined();
    expect(store.get("k0")).toBeUndefined();
  });

  it("refuses an answer larger than a share, and drops answers by snapshot and by user", () => {
    const store = new ResponseStore({ maxBytes: 100_000, userMaxBytes: 10_000 });
    expect(store.set("big", answer("u1", 20_000))).toBe(false);
    store.set("a", answer("u1", 10, ["s1"]));
    store.set("b", answer("u1", 10, ["s2"]));
    store.set("c", answer("u2", 10, ["s1"]));
    store.deleteBySnapshot("s1");
    expect([store.get("a"), store.get("c")]).toEqual([undefined, undefined]);
    expect(store.get("b")).toBeDefined();
    store.deleteByUser("u1");
    expect(store.size).toBe(0);
    expect(store.bytes).toBe(0);
  });

  it("never holds more than its bounds, whatever is stored, hit or dropped (property)", () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant("set" as const),
        key: fc.integer({ min: 0, max: 30 }),
        user: fc.integer({ min: 0, max: 4 }),
        size: fc.integer({ min: 0, max: 6_000 }),
        snapshot: fc.integer({ min: 0, max: 5 }),
      }),
      fc.record({ kind: fc.constant("get" as const), key: fc.integer({ min: 0, max: 30 }) }),
      fc.record({ kind: fc.constant("drop" as const), snapshot: fc.integer({ min: 0, max: 5 }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 200 }), (steps) => {
        const limits = { maxBytes: 20_000, userMaxBytes: 8_000 };
        const store = new ResponseStore(limits);
        const owners = new Map<string, string>();
        for (const s of steps) {
          if (s.kind === "set") {
            const key = `k${s.key}`;
            const user = `u${s.user}`;
            if (store.set(key, answer(user, s.size, [`s${s.snapshot}`]))) owners.set(key, user);
          } else if (s.kind === "get") store.get(`k${s.key}`);
          else store.deleteBySnapshot(`s${s.snapshot}`);
          expect(store.bytes).toBeLessThanOrEqual(limits.maxBytes);
          const perUser = new Map<string, number>();
          let total = 0;
          for (const [key, user] of owners) {
            const kept = store.get(key);
            if (kept === undefined || kept.userId !== user) continue;
            perUser.set(user, (perUser.get(user) ?? 0) + kept.body.byteLength);
            total += kept.body.byteLength;
          }
          for (const bytes of perUser.values())
            expect(bytes).toBeLessThanOrEqual(limits.userMaxBytes);
          expect(total).toBeLessThanOrEqual(store.bytes);
        }
      }),
    );
  });
});
