import type { ActivityEvent } from "@adsgraph/models";
import { afterEach, describe, expect, it } from "vitest";
import { readActivityStream, RestAuthError, RestClientError } from "../src/index.js";
import type { ActivityStreamState, StallTimers } from "../src/index.js";
import { clientFor, fakeTime } from "./support/client.js";
import { json, startScriptedServer } from "./support/scripted-server.js";
import type { Reply, ScriptedServer } from "./support/scripted-server.js";

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const event = (id: string) =>
  JSON.stringify({
    id,
    event_type: "dm.received",
    created_at: "2026-11-27T01:00:00Z",
    for_user_id: "2244994945",
    subscription_id: "1",
    payload: { text: `message ${id}` },
  });
const lines = (ids: readonly string[], then: "end" | "hold" | "reset" = "end"): Reply => ({
  streamLines: ids.flatMap((id) => [event(id), ""]),
  then,
});

/** Backoff waits that return at once and are recorded; they reject once the signal fired. */
function fakeSleep() {
  const sleeps: number[] = [];
  return {
    sleeps,
    sleep: (ms: number, signal: AbortSignal) => {
      sleeps.push(ms);
      return signal.aborted ? Promise.reject(new Error("aborted")) : Promise.resolve();
    },
  };
}

/** Stall timers the test fires itself; `armed()` resolves at the next one set. */
function manualTimers() {
  const pending = new Map<number, () => void>();
  let nextHandle = 1;
  let waiting: (() => void) | undefined;
  const timers: StallTimers = {
    setTimeout: (fire) => {
      const handle = nextHandle++;
      pending.set(handle, fire);
      waiting?.();
      waiting = undefined;
      return handle;
    },
    clearTimeout: (handle) => {
      pending.delete(handle as number);
    },
  };
  return {
    timers,
    pending: () => pending.size,
    armed: () =>
      new Promise<void>((resolve) => {
        waiting = resolve;
      }),
    fireAll: () => {
      const fires = [...pending.values()];
      pending.clear();
      for (const fire of fires) fire();
    },
  };
}

const idOf = (result: IteratorResult<ActivityEvent>) =>
  result.done === true ? undefined : result.value.id;

function setup(script: Parameters<typeof startScriptedServer>[0]) {
  return startScriptedServer(script).then((started) => {
    server = started;
    return started;
  });
}

describe("readActivityStream", () => {
  it("yields events in order across reconnects, resuming with since_id and dropping replays", async () => {
    const srv = await setup((request, index) => {
      if (index === 0) return lines(["1", "2", "3"], "end");
      // Replays from one before since_id: the reader must not yield 3 twice.
      if (index === 1) return lines(["3", "4", "5"], "reset");
      return lines(["5", "6", "7"], "hold");
    });
    const client = clientFor(srv, { auth: { bearerToken: "b" } });
    const { sleep, sleeps } = fakeSleep();
    const states: ActivityStreamState[] = [];
    const saved: string[] = [];
    const controller = new AbortController();
    const reader = readActivityStream(client, {
      signal: controller.signal,
      sleep,
      random: () => 0.5,
      onState: (state) => states.push(state),
      checkpoint: (id) => {
        saved.push(id);
      },
    });
    const ids: unknown[] = [];
    for await (const received of reader) {
      ids.push(received.id);
      if (received.id === "6") break;
    }
    expect(ids).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(srv.requests.map((r) => [r.path, r.rawQuery])).toEqual([
      ["/2/activity/stream", ""],
      ["/2/activity/stream", "since_id=3"],
      ["/2/activity/stream", "since_id=5"],
    ]);
    // Saved once handled: the loop left during 6, so 6 comes again after a restart.
    expect(saved).toEqual(["1", "2", "3", "4", "5"]);
    expect(reader.lastEventId).toBe("6");
    await srv.responseClosed(2);
    expect(states.map((s) => s.state)).toEqual([
      "connecting",
      "connected",
      "backing_off",
      "connecting",
      "connected",
      "backing_off",
      "connecting",
      "connected",
      "stopped",
    ]);
    expect(states.filter((s) => s.state === "backing_off").map((s) => s.reason)).toEqual([
      "ended",
      "network",
    ]);
    expect(states.at(-1)).toEqual({ state: "stopped", reason: "closed", error: undefined });
    // Data arrived on each connection, so every reconnect waits the first delay: 1 s × (1 − 0.5 × 0.5).
    expect(sleeps).toEqual([750, 750]);
    await client.close();
  });

  it("resumes a stream started from now where the server said it starts, when it drops before any event", async () => {
    const srv = await setup((request, index) => {
      // Only keep-alives, then the connection drops: no event told the reader where it stood.
      if (index === 0) return { streamLines: [""], headers: { "x-activity-starts-after": "41" } };
      return lines(["42", "43"], "hold");
    });
    const client = clientFor(srv, { auth: { bearerToken: "b" } });
    const states: ActivityStreamState[] = [];
    const reader = readActivityStream(client, {
      signal: new AbortController().signal,
      sleep: fakeSleep().sleep,
      onState: (state) => states.push(state),
    });
    const ids: unknown[] = [];
    for await (const received of reader) {
      ids.push(received.id);
      if (received.id === "43") break;
    }
    expect(ids).toEqual(["42", "43"]);
    expect(srv.requests.map((r) => r.rawQuery)).toEqual(["", "since_id=41"]);
    expect(states.filter((s) => s.state === "connected")).toEqual([
      { state: "connected", sinceId: undefined, startsAfter: "41" },
      { state: "connected", sinceId: "41", startsAfter: "41" },
    ]);
    await client.close();
  });

  it("resumes from a saved sinceId and backs off exponentially over 5xx, honouring retry-after", async () => {
    const srv = await setup([
      json(503, { errors: [{ code: 130, message: "Over capacity" }] }),
      json(503, {}, { "retry-after": "3" }),
      json(502, {}),
      lines(["42"], "end"),
    ]);
    const client = clientFor(srv, { auth: { bearerToken: "b" } });
    const { sleep, sleeps } = fakeSleep();
    const states: ActivityStreamState[] = [];
    const reader = readActivityStream(client, {
      sinceId: "41",
      signal: new AbortController().signal,
      backoff: { initialMs: 100, maxMs: 1_000, factor: 2, jitter: 0.5 },
      sleep,
      random: () => 0.5,
      onState: (state) => states.push(state),
    });
    for await (const received of reader) {
      expect(received.id).toBe("42");
      break;
    }
    expect(srv.requests.map((r) => r.rawQuery)).toEqual([
      "since_id=41",
      "since_id=41",
      "since_id=41",
      "since_id=41",
    ]);
    // 100 × 0.75, then retry-after 3 s wins over 200 × 0.75, then 400 × 0.75.
    expect(sleeps).toEqual([75, 3_000, 300]);
    const backoffs = states.filter((s) => s.state === "backing_off");
    expect(backoffs.map((s) => [s.reason, s.failures, s.error?.code])).toEqual([
      ["server_error", 1, "API_ERROR"],
      ["server_error", 2, "API_ERROR"],
      ["server_error", 3, "API_ERROR"],
    ]);
    await client.close();
  });

  it("waits out a 429 through the client's rate-limit handling", async () => {
    const time = fakeTime();
    const reset = Math.floor(time.now() / 1000) + 60;
    const srv = await setup([
      json(
        429,
        { errors: [{ code: 88, message: "Rate limit exceeded" }] },
        {
          "x-rate-limit-limit": "50",
          "x-rate-limit-remaining": "0",
          "x-rate-limit-reset": String(reset),
        },
      ),
      lines(["7"], "end"),
    ]);
    const client = clientFor(srv, {
      auth: { bearerToken: "b" },
      clock: time.clock,
      sleep: time.sleep,
    });
    const { sleep, sleeps } = fakeSleep();
    const reader = readActivityStream(client, {
      signal: new AbortController().signal,
      sleep,
      clock: time.clock,
    });
    for await (const received of reader) {
      expect(received.id).toBe("7");
      break;
    }
    expect(srv.requests).toHaveLength(2);
    expect(time.sleeps).toEqual([reset * 1000 - Date.UTC(2025, 0, 1, 12, 0, 0) + 1_000]);
    expect(sleeps).toEqual([]);
    await client.close();
  });

  it("reconnects when no byte (not even a keep-alive) arrives for keepAliveTimeoutMs", async () => {
    const srv = await setup((_request, index) => lines(index === 0 ? ["1"] : ["2"], "hold"));
    const client = clientFor(srv, { auth: { bearerToken: "b" } });
    const { sleep } = fakeSleep();
    const { timers, armed, fireAll, pending } = manualTimers();
    const states: ActivityStreamState[] = [];
    const controller = new AbortController();
    const reader = readActivityStream(client, {
      signal: controller.signal,
      keepAliveTimeoutMs: 45_000,
      sleep,
      timers,
      onState: (state) => states.push(state),
    });
    const iterator = reader[Symbol.asyncIterator]();
    expect(idOf(await iterator.next())).toBe("1");
    // While the loop body holds an event nothing watches the server: a slow body is no stall.
    expect(pending()).toBe(0);
    const waiting = armed();
    const second = iterator.next();
    await waiting;
    fireAll();
    expect(idOf(await second)).toBe("2");
    await srv.responseClosed(0);
    expect(srv.requests.map((r) => r.rawQuery)).toEqual(["", "since_id=1"]);
    expect(states.find((s) => s.state === "backing_off")).toMatchObject({ reason: "stalled" });
    controller.abort();
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
    await srv.responseClosed(1);
    await client.close();
  });

  it("stops on abort while waiting for an event, and closes the connection", async () => {
    const srv = await setup([lines(["1"], "hold")]);
    const client = clientFor(srv, { auth: { bearerToken: "b" } });
    const states: ActivityStreamState[] = [];
    const controller = new AbortController();
    const reader = readActivityStream(client, {
      signal: controller.signal,
      onState: (state) => states.push(state),
    });
    const iterator = reader[Symbol.asyncIterator]();
    expect(idOf(await iterator.next())).toBe("1");
    const pending = iterator.next();
    controller.abort();
    expect(await pending).toEqual({ done: true, value: undefined });
    await srv.responseClosed(0);
    expect(srv.requests).toHaveLength(1);
    expect(states.at(-1)).toEqual({ state: "stopped", reason: "aborted", error: undefined });
    await client.close();
  });

  it("stops with the typed error on a 401, without reconnecting", async () => {
    const srv = await setup([
      json(401, { errors: [{ code: 89, message: "Invalid or expired token." }] }),
    ]);
    const client = clientFor(srv, { auth: { bearerToken: "b" } });
    const states: ActivityStreamState[] = [];
    const reader = readActivityStream(client, {
      signal: new AbortController().signal,
      onState: (state) => states.push(state),
    });
    const failure = await (async () => {
      for await (const _ of reader) throw new Error("no event expected");
    })().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RestAuthError);
    expect((failure as RestAuthError).reason).toBe("invalidated_token");
    expect(srv.requests).toHaveLength(1);
    expect(states.at(-1)).toMatchObject({ state: "stopped", reason: "error", error: failure });
    await client.close();
  });

  it("compares ids beyond 2^53 exactly", async () => {
    const srv = await setup((_request, index) =>
      index === 0
        ? lines(["9007199254740992", "9007199254740993"], "end")
        : lines(["9007199254740993", "9007199254740994", "10000000000000000000"], "end"),
    );
    const client = clientFor(srv, { auth: { bearerToken: "b" } });
    const { sleep } = fakeSleep();
    const ids: unknown[] = [];
    const reader = readActivityStream(client, { signal: new AbortController().signal, sleep });
    for await (const received of reader) {
      ids.push(received.id);
      if (ids.length === 4) break;
    }
    expect(ids).toEqual([
      "9007199254740992",
      "9007199254740993",
      "9007199254740994",
      "10000000000000000000",
    ]);
    expect(srv.requests[1]?.rawQuery).toBe("since_id=9007199254740993");
    await client.close();
  });

  it("backs off over a refused connection and stops when aborted during the wait", async () => {
    const closed = await startScriptedServer([]);
    await closed.close();
    const client = clientFor(closed.url, { auth: { bearerToken: "b" } });
    const controller = new AbortController();
    const states: ActivityStreamState[] = [];
    const reader = readActivityStream(client, {
      signal: controller.signal,
      random: () => 0,
      onState: (state) => states.push(state),
      sleep: (_ms, signal) => {
        controller.abort();
        return signal.aborted ? Promise.reject(new Error("aborted")) : Promise.resolve();
      },
    });
    const ids: unknown[] = [];
    for await (const received of reader) ids.push(received.id);
    expect(ids).toEqual([]);
    expect(states.map((s) => s.state)).toEqual(["connecting", "backing_off", "stopped"]);
    expect(states[1]).toMatchObject({ reason: "network", delayMs: 1_000, failures: 1 });
    expect(states[2]).toEqual({ state: "stopped", reason: "aborted", error: undefined });
    await client.close();
  });

  it("ends with the checkpoint's own error when saving fails", async () => {
    const srv = await setup([lines(["1", "2"], "hold")]);
    const client = clientFor(srv, { auth: { bearerToken: "b" } });
    const states: ActivityStreamState[] = [];
    const diskFull = new Error("disk full");
    const reader = readActivityStream(client, {
      signal: new AbortController().signal,
      onState: (state) => states.push(state),
      checkpoint: () => Promise.reject(diskFull),
    });
    const ids: unknown[] = [];
    const failure = await (async () => {
      for await (const received of reader) ids.push(received.id);
    })().catch((error: unknown) => error);
    expect(failure).toBe(diskFull);
    expect(ids).toEqual(["1"]);
    expect(srv.requests).toHaveLength(1);
    await srv.responseClosed(0);
    expect(states.at(-1)).toEqual({ state: "stopped", reason: "error", error: undefined });
    await client.close();
  });

  it("refuses a sinceId that is not digits", () => {
    const client = clientFor("http://127.0.0.1:9");
    expect(() =>
      readActivityStream(client, { sinceId: "12a", signal: new AbortController().signal }),
    ).toThrow(RestClientError);
  });
});
