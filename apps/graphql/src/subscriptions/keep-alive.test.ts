import { EventEmitter } from "node:events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CLIENT_GONE, keepAlive, type PingedSocket } from "./keep-alive.js";

const INTERVAL = 1_000;

/** A socket whose client answers each ping when `answering`. */
function fakeSocket(answering: boolean) {
  const events = new EventEmitter();
  const socket = {
    readyState: 1,
    OPEN: 1,
    pings: 0,
    closed: undefined as { code: number; reason: string } | undefined,
    terminated: false,
    answering,
    on: (event: string, listener: () => void) => events.on(event, listener),
    off: (event: string, listener: () => void) => events.off(event, listener),
    ping() {
      socket.pings += 1;
      if (socket.answering) queueMicrotask(() => events.emit("pong"));
    },
    close(code: number, reason: string) {
      socket.closed = { code, reason };
    },
    terminate() {
      socket.terminated = true;
    },
  } satisfies PingedSocket & Record<string, unknown>;
  return socket;
}

describe("keepAlive", () => {
  // The process's own clock: `held` adds time the timers did not see (a stalled event loop).
  let held = 0;
  const now = () => Date.now() + held;
  beforeEach(() => {
    vi.useFakeTimers();
    held = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("never closes a client that answers", async () => {
    const socket = fakeSocket(true);
    const stop = keepAlive(socket, INTERVAL, now);
    await vi.advanceTimersByTimeAsync(20 * INTERVAL);
    expect(socket.pings).toBe(20);
    expect(socket.closed).toBeUndefined();
    stop();
  });

  it("closes a client that answers none of 2 pings in a row with 4410, then cuts it", async () => {
    const socket = fakeSocket(false);
    keepAlive(socket, INTERVAL, now);
    await vi.advanceTimersByTimeAsync(2 * INTERVAL);
    expect(socket.closed).toBeUndefined();
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(socket.closed).toEqual({
      code: CLIENT_GONE,
      reason:
        "The client answered no ping of 2 in a row (one every 1000 ms): the connection is lost",
    });
    expect(Buffer.byteLength(socket.closed?.reason ?? "")).toBeLessThanOrEqual(123);
    expect(socket.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(socket.terminated).toBe(true);
  });

  it("does not count a round in which the process itself was late", async () => {
    const socket = fakeSocket(false);
    keepAlive(socket, INTERVAL, now);
    await vi.advanceTimersByTimeAsync(INTERVAL); // first ping
    await vi.advanceTimersByTimeAsync(INTERVAL); // unanswered: 1
    for (let round = 0; round < 5; round += 1) {
      held += INTERVAL; // every round fires a whole interval late
      await vi.advanceTimersByTimeAsync(INTERVAL);
    }
    expect(socket.closed).toBeUndefined();
    socket.answering = true;
    socket.ping(); // the answer that waited unread is read once the process is on time
    await vi.advanceTimersByTimeAsync(5 * INTERVAL);
    expect(socket.closed).toBeUndefined();
  });
});
