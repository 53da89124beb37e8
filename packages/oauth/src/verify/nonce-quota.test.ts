import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NonceQuota } from "./nonce-quota.js";

const NOW = 1_000_000;

describe("NonceQuota", () => {
  it("counts by client and timestamp, and expires a timestamp once it is a window old", () => {
    const quota = new NonceQuota({ windowSeconds: 10, maxPerClient: 5 });
    expect(quota.take("a", NOW, NOW).ok).toBe(true);
    expect(quota.take("a", NOW + 3, NOW).ok).toBe(true);
    expect(quota.take("b", NOW, NOW).ok).toBe(true);
    expect([quota.size, quota.clients, quota.countOf("a")]).toEqual([3, 2, 2]);
    quota.expire(NOW + 10);
    expect(quota.size).toBe(3);
    quota.expire(NOW + 11);
    expect([quota.size, quota.clients, quota.countOf("a"), quota.countOf("b")]).toEqual([
      1, 1, 1, 0,
    ]);
  });

  it("gives back a released entry", () => {
    const quota = new NonceQuota({ maxPerClient: 1 });
    expect(quota.take("a", NOW, NOW).ok).toBe(true);
    expect(quota.take("a", NOW, NOW).ok).toBe(false);
    quota.release("a", NOW);
    expect([quota.size, quota.clients]).toEqual([0, 0]);
    expect(quota.take("a", NOW, NOW).ok).toBe(true);
  });

  it("says when a refused client's oldest entry frees a place", () => {
    const quota = new NonceQuota({ windowSeconds: 300, maxPerClient: 2 });
    quota.take("a", NOW + 200, NOW);
    quota.take("a", NOW - 250, NOW);
    expect(quota.take("a", NOW, NOW)).toEqual({ ok: false, retryAfterSeconds: 51 });
  });

  it("keeps a floor under the fair share, so many small clients cannot shrink it to zero", () => {
    // 100 clients of one nonce each hold the whole bound: the fair share is 1.
    const quota = new NonceQuota({ maxPerClient: 1_000, maxEntries: 100, minPerClient: 10 });
    for (let i = 0; i < 100; i += 1) expect(quota.take(`small${i}`, NOW, NOW).ok).toBe(true);
    for (let i = 0; i < 10; i += 1) expect(quota.take("ordinary", NOW, NOW).ok).toBe(true);
    expect(quota.take("ordinary", NOW, NOW).ok).toBe(false);
    // Without a floor (the default is 1% of maxPerClient) the same client gets one.
    const bare = new NonceQuota({ maxPerClient: 1_000, maxEntries: 100, minPerClient: 0 });
    for (let i = 0; i < 100; i += 1) bare.take(`small${i}`, NOW, NOW);
    expect(bare.take("ordinary", NOW, NOW).ok).toBe(true);
    expect(bare.take("ordinary", NOW, NOW).ok).toBe(false);
    expect(new NonceQuota().minPerClient).toBe(1_000);
  });

  // Whatever the order of requests from many clients, a client below its fair share (or the
  // floor) is never refused, no client passes maxPerClient, and the total stays within the
  // documented bound.
  it("keeps its bounds and never refuses a client below its share", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 5 }),
        fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 300 }),
        (maxPerClient, maxEntries, minPerClient, requests) => {
          const quota = new NonceQuota({ maxPerClient, maxEntries, minPerClient });
          for (const client of requests) {
            const name = `c${client}`;
            const held = quota.countOf(name);
            const holders = quota.clients + (held === 0 ? 1 : 0);
            const share = Math.max(maxEntries / holders, minPerClient);
            const belowShare = held < Math.min(maxPerClient, share);
            const decision = quota.take(name, NOW, NOW);
            if (belowShare) expect(decision.ok).toBe(true);
            expect(quota.countOf(name)).toBeLessThanOrEqual(maxPerClient);
            let harmonic = 0;
            for (let k = 1; k <= quota.clients; k += 1) harmonic += 1 / k;
            expect(quota.size).toBeLessThanOrEqual(
              (1 + harmonic) * maxEntries + quota.clients * (minPerClient + 1),
            );
          }
        },
      ),
    );
  });
});
