import { describe, expect, it } from "vitest";
import { windowCounterStore, type WindowCounters } from "./window-counter-store.js";

type Counted = { current: number; ttl: number };

function incr(store: WindowCounters, key: string): Promise<Counted | undefined> {
  return new Promise((resolve, reject) => {
    store.incr(
      key,
      (error, result) => {
        if (error) reject(error);
        else resolve(result);
      },
      60_000,
    );
  });
}

describe("windowCounterStore (in process)", () => {
  it("counts a key once for every route: the routes of a group share one budget", async () => {
    const Store = windowCounterStore({ remembered: 10, name: "test" });
    const root = new Store();
    const login = root.child();
    const pin = root.child();
    expect((await incr(login, "127.0.0.1sign-in"))?.current).toBe(1);
    expect((await incr(pin, "127.0.0.1sign-in"))?.current).toBe(2);
    expect((await incr(pin, "127.0.0.2sign-in"))?.current).toBe(1);
  });

  it("remembers at most `remembered` keys, dropping the oldest", async () => {
    const Store = windowCounterStore({ remembered: 2, name: "test" });
    const store = new Store();
    await incr(store, "a");
    await incr(store, "b");
    await incr(store, "c");
    // "a" was dropped: it starts over; "c" is still counted.
    expect((await incr(store, "a"))?.current).toBe(1);
    expect((await incr(store, "c"))?.current).toBe(2);
  });
});
