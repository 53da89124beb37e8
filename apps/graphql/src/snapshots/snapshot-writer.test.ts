import { describe, expect, it } from "vitest";
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

describe("snapshot writer", () => {
  it("returns at once and batches reads that arrive while a write is in flight", async () => {
    const slow = slowRepository();
    const writer = createSnapshotWriter(slow.repository, { maxBatch: 3 });

    writer.enqueue([read("1")]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(slow.batches).toEqual([["1"]]); // first batch is in flight, held
    writer.enqueue([read("2"), read("3")]);
    writer.enqueue([read("4"), read("5")]);
    slow.open();
    await writer.flush();

    expect(slow.batches).toEqual([["1"], ["2", "3", "4"], ["5"]]);
  });

  it("reports a failed batch and goes on with the next", async () => {
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
      },
      { maxBatch: 1, onError: (error) => errors.push(error) },
    );
    writer.enqueue([read("bad"), read("ok")]);
    await writer.flush();
    expect(errors).toHaveLength(1);
    expect(written).toEqual(["ok"]);
  });
});
