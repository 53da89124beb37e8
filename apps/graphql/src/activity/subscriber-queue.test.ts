import { describe, expect, it } from "vitest";
import { createSubscriberQueue } from "./subscriber-queue.js";

describe("createSubscriberQueue", () => {
  it("hands items over in order, to a reader waiting or not", async () => {
    const queue = createSubscriberQueue<number>(10, () => undefined);
    queue.push(1);
    const waiting = (async () => {
      const seen: number[] = [];
      for await (const item of queue) {
        seen.push(item);
        if (seen.length === 3) break;
      }
      return seen;
    })();
    queue.push(2);
    queue.push(3);
    expect(await waiting).toEqual([1, 2, 3]);
    expect(queue.ended).toBe(true);
  });

  it("refuses an item past its capacity instead of growing", () => {
    const queue = createSubscriberQueue<number>(2, () => undefined);
    expect([queue.push(1), queue.push(2), queue.push(3)]).toEqual([true, true, false]);
  });

  it("ends with the error after the waiting items, and calls onEnd once", async () => {
    let ends = 0;
    const queue = createSubscriberQueue<number>(5, () => {
      ends += 1;
    });
    queue.push(1);
    queue.fail(new Error("too slow"));
    queue.fail(new Error("again"));
    expect(await queue.next()).toEqual({ value: 1, done: false });
    await expect(queue.next()).rejects.toThrow("too slow");
    expect(await queue.next()).toEqual({ value: undefined, done: true });
    expect(ends).toBe(1);
  });

  it("wakes a waiting reader when it fails or ends", async () => {
    const failing = createSubscriberQueue<number>(5, () => undefined);
    const failed = failing.next();
    failing.fail(new Error("gone"));
    await expect(failed).rejects.toThrow("gone");

    const ending = createSubscriberQueue<number>(5, () => undefined);
    const ended = ending.next();
    ending.end();
    expect(await ended).toEqual({ value: undefined, done: true });
  });
});
