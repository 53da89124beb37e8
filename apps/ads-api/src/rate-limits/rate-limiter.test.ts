import { describe, expect, it } from "vitest";
import { RateLimiter, rateHeaders } from "./rate-limiter.js";

describe("RateLimiter", () => {
  it("counts per key in fixed windows and refuses past the limit", () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(900_000, () => now, 1_000);
    expect(limiter.take("a", 2)).toMatchObject({ allowed: true, remaining: 1 });
    expect(limiter.take("a", 2)).toMatchObject({ allowed: true, remaining: 0 });
    const refused = limiter.take("a", 2);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 1900 });
    expect(limiter.take("b", 2).allowed).toBe(true);
    now += 900_000;
    expect(limiter.take("a", 2)).toMatchObject({ allowed: true, remaining: 1 });
  });

  it("holds at most maxKeys counters, dropping the oldest, whoever sends from new addresses", () => {
    let now = 0;
    const limiter = new RateLimiter(900_000, () => now, 1_000);
    limiter.take("steady", 1);
    for (let address = 0; address < 100_000; address += 1) {
      now += 1;
      limiter.take(`address:${address}`, 5);
    }
    expect(limiter.size).toBeLessThanOrEqual(1_000);
    // The newest keys are still counted: a refused key stays refused.
    limiter.take("late", 1);
    expect(limiter.take("late", 1).allowed).toBe(false);
  });

  it("formats the three headers", () => {
    const state = { limit: 5, remaining: 4, resetSeconds: 99, allowed: true };
    expect(rateHeaders("x-rate-limit", state)).toEqual({
      "x-rate-limit-limit": "5",
      "x-rate-limit-remaining": "4",
      "x-rate-limit-reset": "99",
    });
  });
});
