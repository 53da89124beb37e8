import { describe, expect, it } from "vitest";
import { createAccountAccess } from "./account-access.js";

describe("account access", () => {
  it("asks upstream once per user and account within the window, then again after it", async () => {
    let clock = 0;
    const access = createAccountAccess({ ttlMs: 60_000, now: () => clock });
    let asked = 0;
    let answer = true;
    const ask = () => {
      asked += 1;
      return Promise.resolve(answer);
    };

    expect(
      await Promise.all([access.canAccess("u1", "a", ask), access.canAccess("u1", "a", ask)]),
    ).toEqual([true, true]);
    expect(asked).toBe(1);
    answer = false; // access revoked upstream
    clock = 59_999;
    expect(await access.canAccess("u1", "a", ask)).toBe(true);
    clock = 60_000;
    expect(await access.canAccess("u1", "a", ask)).toBe(false);
    expect(asked).toBe(2);
  });

  it("never lets one user's answer stand for another's", async () => {
    const access = createAccountAccess({ ttlMs: 60_000 });
    access.remember("u1", "a", true);
    expect(await access.canAccess("u2", "a", () => Promise.resolve(false))).toBe(false);
    expect(await access.canAccess("u1", "a", () => Promise.resolve(false))).toBe(true);
    access.forget("u1");
    expect(await access.canAccess("u1", "a", () => Promise.resolve(false))).toBe(false);
  });

  it("holds a grant only while it is remembered, allowed and unexpired", () => {
    let clock = 0;
    const access = createAccountAccess({ ttlMs: 1000, now: () => clock });
    expect(access.holds("u1", "a")).toBe(false);
    access.remember("u1", "a", true);
    access.remember("u1", "b", false);
    expect(access.holds("u1", "a")).toBe(true);
    expect(access.holds("u1", "b")).toBe(false);
    expect(access.holds("u2", "a")).toBe(false);
    clock = 1000;
    expect(access.holds("u1", "a")).toBe(false);
  });

  it("keeps nothing when the window is zero", async () => {
    const access = createAccountAccess({ ttlMs: 0 });
    let asked = 0;
    const ask = () => Promise.resolve(++asked > 0);
    await access.canAccess("u1", "a", ask);
    await access.canAccess("u1", "a", ask);
    expect(asked).toBe(2);
  });
});
