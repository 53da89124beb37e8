import { afterEach, describe, expect, it, vi } from "vitest";
import type { SnapshotInput, SnapshotRepository } from "./snapshot-repository.js";
import { createSnapshotWriter } from "./snapshot-writer.js";

/** A repository whose writes are held until released, recording each batch. */
function slowRepository() {
  const batches: string[][] = [];
  let release: () => void = () => undefined;
  let gate = new Promise<void>((resolve) => (release = resolve));
  const repository: SnapshotRepository = {
    async record(inputs) {
      batches.push(inputs.map((input) => input.resourceId));
      await gate;
      return inputs.length;
    },
    latest: () => Promise.resolve(new Map()),
    history: () => Promise.resolve([]),
    prune: () => Promise.resolve(0),
  };
  return {
    repository,
    batches,
    open() {
      release();
      gate = Promise.resolve();
    },
  };
}

const read = (id: string): SnapshotInput => ({
  resourceType: "campaign",
  resourceId: id,
  accountId: "a",
  body: { id },
  fetchedAt: new Date(0),
});
const answer =
  (...ids: string[]) =>
  () =>
    ids.map(read);
/** A clock that never moves: no answer ever becomes overdue unless a test says so. */
const frozen = { now: () => 0 };

/** Lets the writer take every step it can without a timer firing. */
const settle = async () => {
  for (let i = 0; i < 50; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe("snapshot writer", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("returns at once and batches reads that arrive while a write is in flight", async () => {
    const slow = slowRepository();
    const writer = createSnapshotWriter(slow.repository, { ...frozen, maxBatch: 3 });

    writer.enqueue(answer("1"));
    await settle();
    expect(slow.batches).toEqual([["1"]]); // first batch is in flight, held
    writer.enqueue(answer("2", "3"));
    writer.enqueue(answer("4", "5"));
    slow.open();
    await writer.flush();

    expect(slow.batches).toEqual([["1"], ["2", "3", "4"], ["5"]]);
    expect(writer.idle).toBe(true);
  });

  it("builds nothing on enqueue: the answer is serialised in the drain", async () => {
    const slow = slowRepository();
    slow.open();
    const writer = createSnapshotWriter(slow.repository, frozen);
    const build = vi.fn(answer("1"));
    writer.enqueue(build);
    expect(build).not.toHaveBeenCalled();
    await writer.flush();
    expect(build).toHaveBeenCalledOnce();
  });

  it("waits while a request is in flight and drains once none is", async () => {
    const slow = slowRepository();
    slow.open();
    const writer = createSnapshotWriter(slow.repository, { ...frozen, maxBatch: 1 });
    const first = writer.requestStarted();
    const second = writer.requestStarted();
    writer.enqueue(answer("1"));
    await settle();
    first();
    first(); // a second call must not count another request as finished
    await settle();
    expect(slow.batches).toEqual([]);
    expect(writer.idle).toBe(false);
    second();
    await settle();
    expect(slow.batches).toEqual([["1"]]);
    expect(writer.idle).toBe(true);
  });

  it("pauses between batches when a request arrives", async () => {
    const slow = slowRepository();
    const writer = createSnapshotWriter(slow.repository, { ...frozen, maxBatch: 1 });
    writer.enqueue(answer("1", "2", "3"));
    await settle();
    expect(slow.batches).toEqual([["1"]]); // held in the database
    const done = writer.requestStarted();
    slow.open();
    await settle();
    expect(slow.batches).toEqual([["1"]]); // the batch in flight finished, no next one
    done();
    await settle();
    expect(slow.batches).toEqual([["1"], ["2"], ["3"]]);
  });

  it("drains overdue answers even while requests keep coming", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let clock = 0;
    const slow = slowRepository();
    slow.open();
    const writer = createSnapshotWriter(slow.repository, {
      maxWaitMs: 1000,
      maxBatch: 1,
      now: () => clock,
    });
    writer.requestStarted(); // never finishes: continuous load
    writer.enqueue(answer("1"));
    clock = 500;
    writer.enqueue(answer("2"));
    await settle();
    expect(slow.batches).toEqual([]);

    clock = 1000;
    vi.advanceTimersByTime(1000);
    await settle();
    expect(slow.batches).toEqual([["1"]]); // the overdue one only
    clock = 1500;
    vi.advanceTimersByTime(500);
    await settle();
    expect(slow.batches).toEqual([["1"], ["2"]]);
  });

  it("drains past maxQueued answers even while requests are in flight", async () => {
    const slow = slowRepository();
    slow.open();
    const writer = createSnapshotWriter(slow.repository, { ...frozen, maxQueued: 3, maxBatch: 1 });
    writer.requestStarted();
    writer.enqueue(answer("1"));
    writer.enqueue(answer("2"));
    await settle();
    expect(slow.batches).toEqual([]);
    writer.enqueue(answer("3"));
    await settle();
    // Back under the bound after one answer is taken; the rest wait for an idle moment.
    expect(slow.batches).toEqual([["1"]]);
  });

  it("flush writes everything, requests in flight or not", async () => {
    const slow = slowRepository();
    slow.open();
    const writer = createSnapshotWriter(slow.repository, frozen);
    writer.requestStarted();
    writer.enqueue(answer("1"));
    writer.enqueue(answer("2"));
    await writer.flush();
    expect(slow.batches).toEqual([["1", "2"]]);
    expect(writer.idle).toBe(true);
  });

  it("reports a failed build or batch and goes on with the next", async () => {
    const errors: unknown[] = [];
    const written: string[] = [];
    const writer = createSnapshotWriter(
      {
        record(inputs) {
          if (inputs.some((input) => input.resourceId === "bad"))
            return Promise.reject(new Error("db down"));
          written.push(...inputs.map((input) => input.resourceId));
          return Promise.resolve(inputs.length);
        },
        latest: () => Promise.resolve(new Map()),
        history: () => Promise.resolve([]),
        prune: () => Promise.resolve(0),
      },
      { ...frozen, maxBatch: 1, onError: (error) => errors.push(error) },
    );
    writer.enqueue(answer("bad", "ok"));
    writer.enqueue(() => {
      throw new Error("cannot serialise");
    });
    writer.enqueue(answer("last"));
    await writer.flush();
    expect(errors).toHaveLength(2);
    expect(written).toEqual(["ok", "last"]);
  });
});
