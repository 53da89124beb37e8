import type { ActivityEvent } from "@adsgraph/models";
import { describe, expect, it, vi } from "vitest";
import { createActivityFanOut, type OpenStream } from "./activity-fanout.js";
import type { UpstreamSubscriptions } from "./upstream-subscriptions.js";

/** A stream the test feeds by hand, counting how often it was opened. */
function scriptedStream() {
  let push: ((event: ActivityEvent) => void) | undefined;
  const state = { opened: 0, aborted: 0 };
  const open: OpenStream = ({ signal, onState }) => {
    state.opened += 1;
    const waiting: ActivityEvent[] = [];
    let wake: (() => void) | undefined;
    push = (event) => {
      waiting.push(event);
      wake?.();
    };
    signal.addEventListener("abort", () => {
      state.aborted += 1;
      wake?.();
    });
    onState({ state: "connected", sinceId: undefined });
    return (async function* () {
      while (!signal.aborted) {
        const next = waiting.shift();
        if (next !== undefined) yield next;
        else await new Promise<void>((resolve) => (wake = resolve));
      }
    })();
  };
  return { open, state, push: (event: ActivityEvent) => push?.(event) };
}

function upstreamSubscriptions(): UpstreamSubscriptions & { held: Map<string, number> } {
  const held = new Map<string, number>();
  return {
    held,
    acquire: (userId) => {
      held.set(userId, (held.get(userId) ?? 0) + 1);
      return Promise.resolve();
    },
    release: (userId) => {
      held.set(userId, (held.get(userId) ?? 0) - 1);
      return Promise.resolve();
    },
    get size() {
      return [...held.values()].filter((count) => count > 0).length;
    },
  };
}

let nextId = 100n;
function event(forUserId: string, eventType = "profile.update.bio"): ActivityEvent {
  nextId += 1n;
  return {
    id: String(nextId),
    event_type: eventType,
    created_at: "2026-05-01T00:00:00Z",
    for_user_id: forUserId,
    subscription_id: "1",
    payload: {},
  };
}

const setup = (
  overrides: { perUser?: number; max?: number; queueSize?: number; resumeGraceMs?: number } = {},
) => {
  const stream = scriptedStream();
  const upstream = upstreamSubscriptions();
  const errors: string[] = [];
  const fanOut = createActivityFanOut({
    openStream: stream.open,
    upstream,
    perUser: overrides.perUser ?? 5,
    max: overrides.max ?? 100,
    queueSize: overrides.queueSize ?? 10,
    resumeGraceMs: overrides.resumeGraceMs,
    onError: (message) => errors.push(message),
  });
  return { stream, upstream, fanOut, errors };
};

describe("createActivityFanOut", () => {
  it("opens one stream for every subscriber and routes each event to its user only", async () => {
    const { stream, fanOut } = setup();
    const a = await fanOut.subscribe({ userId: "1", types: null });
    const b = await fanOut.subscribe({ userId: "2", types: null });
    const bDms = await fanOut.subscribe({ userId: "2", types: new Set(["dm.sent"] as const) });
    expect(stream.state.opened).toBe(1);

    const forA = event("1");
    const forB = event("2");
    const dmForB = event("2", "dm.sent");
    const forNobody = event("3");
    for (const each of [forA, forB, dmForB, forNobody]) stream.push(each);

    expect((await a.next()).value).toBe(forA);
    expect((await b.next()).value).toBe(forB);
    expect((await b.next()).value).toBe(dmForB);
    expect((await bDms.next()).value).toBe(dmForB);
    expect(fanOut.stats()).toMatchObject({ subscribers: 3, live: 3, users: 2, connected: true });
  });

  it("resolves a subscription (its live message) only once the user's upstream subscription exists", async () => {
    const { stream, upstream, fanOut } = setup();
    let made!: () => void;
    upstream.acquire = () => new Promise<void>((resolve) => (made = resolve));
    let live = false;
    const subscribed = fanOut.subscribe({ userId: "1", types: null }).then((events) => {
      live = true;
      return events;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stream.state.opened).toBe(1);
    expect(live).toBe(false);
    expect(fanOut.stats().live).toBe(0);
    made();
    const events = await subscribed;
    // Registered before it resolved: the first event after it reaches the subscriber.
    const first = event("1");
    stream.push(first);
    expect((await events.next()).value).toBe(first);
  });

  it("delivers a deprecated PascalCase type in its dot form, and drops types the graph cannot show", async () => {
    const { stream, fanOut } = setup();
    const a = await fanOut.subscribe({ userId: "1", types: new Set(["profile.update.bio"]) });
    stream.push(event("1", "profile.update.unknown"));
    stream.push(event("1", "ProfileBioUpdate"));
    expect((await a.next()).value).toMatchObject({ event_type: "profile.update.bio" });
  });

  it("releases the user's upstream subscription with its last subscriber, and the stream with the last of all", async () => {
    const { stream, upstream, fanOut } = setup();
    const first = await fanOut.subscribe({ userId: "1", types: null });
    const second = await fanOut.subscribe({ userId: "1", types: null });
    expect(upstream.held.get("1")).toBe(2);
    await first.return?.();
    expect(upstream.held.get("1")).toBe(1);
    expect(fanOut.stats().streaming).toBe(true);
    await second.return?.();
    expect(upstream.held.get("1")).toBe(0);
    expect(fanOut.stats()).toMatchObject({ subscribers: 0, live: 0, streaming: false });
    expect(stream.state.aborted).toBe(1);

    await fanOut.subscribe({ userId: "1", types: null });
    expect(stream.state.opened).toBe(2);
  });

  it("keeps the user's upstream subscription and the stream for the resume grace after its last subscriber", async () => {
    vi.useFakeTimers();
    try {
      const { stream, upstream, fanOut } = setup({ resumeGraceMs: 1_000, perUser: 1 });
      const first = await fanOut.subscribe({ userId: "1", types: null });
      await first.return?.();
      // Its place is free at once (the per-user cap), the upstream hold and the stream wait.
      expect(upstream.held.get("1")).toBe(1);
      expect(fanOut.stats()).toMatchObject({ subscribers: 0, streaming: true });
      await vi.advanceTimersByTimeAsync(900);
      // Back within the grace: the pending release is cancelled, the same stream goes on.
      const again = await fanOut.subscribe({ userId: "1", types: null });
      expect(upstream.held.get("1")).toBe(1);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(upstream.held.get("1")).toBe(1);
      expect(stream.state).toEqual({ opened: 1, aborted: 0 });

      await again.return?.();
      await vi.advanceTimersByTimeAsync(999);
      expect(upstream.held.get("1")).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(upstream.held.get("1")).toBe(0);
      expect(fanOut.stats().streaming).toBe(false);
      expect(stream.state.aborted).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("releases what the resume grace keeps when it closes", async () => {
    const { upstream, fanOut } = setup({ resumeGraceMs: 60_000 });
    const first = await fanOut.subscribe({ userId: "1", types: null });
    await first.return?.();
    expect(upstream.held.get("1")).toBe(1);
    await fanOut.close();
    expect(upstream.held.get("1")).toBe(0);
  });

  it("refuses subscriptions past the per-user and the total caps", async () => {
    const { fanOut } = setup({ perUser: 2, max: 3 });
    await fanOut.subscribe({ userId: "1", types: null });
    await fanOut.subscribe({ userId: "1", types: null });
    await expect(fanOut.subscribe({ userId: "1", types: null })).rejects.toMatchObject({
      code: "SUBSCRIPTION_LIMIT_EXCEEDED",
    });
    await fanOut.subscribe({ userId: "2", types: null });
    await expect(fanOut.subscribe({ userId: "3", types: null })).rejects.toMatchObject({
      code: "SUBSCRIPTION_LIMIT_EXCEEDED",
    });
  });

  it("ends a subscriber that falls behind, without holding back the others", async () => {
    const { stream, fanOut } = setup({ queueSize: 2 });
    const slow = await fanOut.subscribe({ userId: "1", types: null });
    const quick = await fanOut.subscribe({ userId: "1", types: null });
    const events = [event("1"), event("1"), event("1")];
    const seen: ActivityEvent[] = [];
    for (const each of events) {
      stream.push(each);
      seen.push((await quick.next()).value as ActivityEvent);
    }
    expect(seen).toEqual(events);
    expect((await slow.next()).value).toBe(events[0]);
    expect((await slow.next()).value).toBe(events[1]);
    await expect(slow.next()).rejects.toMatchObject({ code: "SUBSCRIBER_TOO_SLOW" });
    expect(fanOut.stats().subscribers).toBe(1);
  });

  it("ends every subscriber with an upstream error when the stream fails for good", async () => {
    const upstream = upstreamSubscriptions();
    const errors: string[] = [];
    const fanOut = createActivityFanOut({
      openStream: ({ onState }) =>
        // eslint-disable-next-line require-yield -- a stream that connects and then fails
        (async function* () {
          onState({ state: "connected", sinceId: undefined });
          await Promise.resolve();
          throw new Error("refused");
        })(),
      upstream,
      perUser: 5,
      max: 5,
      queueSize: 5,
      onError: (message) => errors.push(message),
    });
    const a = await fanOut.subscribe({ userId: "1", types: null });
    await expect(a.next()).rejects.toMatchObject({ code: "UPSTREAM_ERROR" });
    expect(errors).toEqual([expect.stringContaining("the upstream stream stopped")]);
    expect(fanOut.stats().streaming).toBe(false);
  });
});
