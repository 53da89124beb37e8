import { describe, expect, it } from "vitest";
import { startingWith, timestampOf } from "./feed-live.js";
import { createSubscriberQueue } from "./subscriber-queue.js";

describe("startingWith", () => {
  it("answers the first message, then the events in order", async () => {
    const queue = createSubscriberQueue<number>(10, () => undefined);
    queue.push(1);
    const iterator = startingWith("live", queue);
    queue.push(2);
    expect(await iterator.next()).toEqual({ value: "live", done: false });
    expect(await iterator.next()).toEqual({ value: 1, done: false });
    expect(await iterator.next()).toEqual({ value: 2, done: false });
  });

  it("ends the events when the client leaves before reading anything", async () => {
    let ended = 0;
    const queue = createSubscriberQueue<number>(10, () => {
      ended += 1;
    });
    await startingWith("live", queue).return?.();
    expect(ended).toBe(1);
    expect(queue.ended).toBe(true);
  });
});

describe("timestampOf", () => {
  it("writes whole seconds in UTC", () => {
    expect(timestampOf(new Date("2026-05-04T10:11:12.345Z"))).toBe("2026-05-04T10:11:12Z");
  });
});
