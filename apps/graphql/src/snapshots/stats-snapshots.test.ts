import { describe, expect, it } from "vitest";
import { createAccountAccess } from "../access/account-access.js";
import type { AccountWrites } from "./snapshot-upstream.js";
import type { SnapshotInput, SnapshotRepository, SnapshotVersion } from "./snapshot-repository.js";
import type { SnapshotWriter } from "./snapshot-writer.js";
import { createStatsSnapshots, isClosedRange } from "./stats-snapshots.js";
import type { StatsQuery } from "./stats-snapshots.js";

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 30, 12, 30);

/** Versions in memory: the latest per id, as the repository answers. */
function memoryRepository(): SnapshotRepository & { readonly rows: Map<string, SnapshotVersion> } {
  const rows = new Map<string, SnapshotVersion>();
  return {
    rows,
    record(inputs: readonly SnapshotInput[]) {
      for (const input of inputs) {
        rows.set(input.resourceId, {
          ...input,
          version: 1,
          contentHash: "",
          checkedAt: input.fetchedAt,
        });
      }
      return Promise.resolve(inputs.length);
    },
    latest: (_type, ids) =>
      Promise.resolve(
        new Map(
          ids
            .flatMap((id) => (rows.has(id) ? [[id, rows.get(id)]] : []))
            .filter((entry): entry is [string, SnapshotVersion] => entry[1] !== undefined),
        ),
      ),
    history: () => Promise.resolve([]),
    prune: () => Promise.resolve(0),
  };
}

/** Writes at once (the real writer waits for a quiet moment). */
function immediateWriter(repository: SnapshotRepository): SnapshotWriter {
  return {
    enqueue: (build) => void repository.record(build()),
    requestStarted: () => () => undefined,
    flush: () => Promise.resolve(),
    idle: true,
    queued: 0,
  };
}

const entry = (id: string) => ({
  id,
  id_data: [{ segment: null, metrics: { impressions: [1, 2, 3] } }],
});

function setup({ allowed = true, freshMs = 60_000, repository = memoryRepository() } = {}) {
  let now = NOW;
  const accountWrites: AccountWrites = new Map();
  const snapshots = createStatsSnapshots({
    repository,
    writer: immediateWriter(repository),
    access: createAccountAccess({ ttlMs: 60_000 }),
    accountWrites,
    freshMs,
    recordReads: true,
    userId: "u1",
    askAccess: () => Promise.resolve(allowed),
    now: () => now,
  });
  return {
    snapshots,
    accountWrites,
    repository,
    later: (ms: number) => {
      now += ms;
    },
  };
}

const query = (end: number): StatsQuery => ({
  accountId: "acc1",
  entity: "CAMPAIGN",
  start: end - 7 * 24 * HOUR,
  end,
  granularity: "DAY",
  placement: "ALL_ON_TWITTER",
  metricGroups: ["ENGAGEMENT"],
});

const closed = query(Date.UTC(2026, 10, 30, 12)); // ends at the current hour's start
const open = query(Date.UTC(2026, 10, 30, 13)); // holds the current hour

describe("stats snapshots", () => {
  it("tell a range that has ended from one holding the current hour", () => {
    expect(isClosedRange(closed.end, NOW)).toBe(true);
    expect(isClosedRange(open.end, NOW)).toBe(false);
  });

  it("serve an ended range's answers for ever, and only the ids they hold", async () => {
    const { snapshots, later, accountWrites } = setup();
    snapshots.record(
      closed,
      new Map([
        ["c1", entry("c1")],
        ["c2", null],
      ]),
    );
    later(30 * 24 * HOUR);
    accountWrites.set("acc1", NOW + 31 * 24 * HOUR);
    later(24 * HOUR);
    const held = await snapshots.lookup(closed, ["c1", "c2", "c3"]);
    expect([...held.keys()].sort()).toEqual(["c1", "c2"]);
    expect(held.get("c1")).toEqual(entry("c1"));
    expect(held.get("c2")).toBeNull();
  });

  it("serve an open range's answers while fresh and until a write to the account", async () => {
    const { snapshots, later, accountWrites } = setup();
    snapshots.record(open, new Map([["c1", entry("c1")]]));
    later(30_000);
    expect((await snapshots.lookup(open, ["c1"])).size).toBe(1);
    accountWrites.set("acc1", NOW + 40_000);
    later(15_000);
    expect((await snapshots.lookup(open, ["c1"])).size).toBe(0);
    snapshots.record(open, new Map([["c1", entry("c1")]]));
    later(61_000);
    expect((await snapshots.lookup(open, ["c1"])).size).toBe(0);
  });

  it("never serve an open range with STATS_FRESH_SECONDS=0", async () => {
    const { snapshots } = setup({ freshMs: 0 });
    snapshots.record(open, new Map([["c1", entry("c1")]]));
    expect((await snapshots.lookup(open, ["c1"])).size).toBe(0);
  });

  it("keep each query apart: another granularity or group set is another answer", async () => {
    const { snapshots } = setup();
    snapshots.record(closed, new Map([["c1", entry("c1")]]));
    expect((await snapshots.lookup({ ...closed, granularity: "HOUR" }, ["c1"])).size).toBe(0);
    expect(
      (await snapshots.lookup({ ...closed, metricGroups: ["BILLING", "ENGAGEMENT"] }, ["c1"])).size,
    ).toBe(0);
  });

  it("serve nothing to a caller upstream does not let see the account", async () => {
    const reader = setup();
    reader.snapshots.record(closed, new Map([["c1", entry("c1")]]));
    const stranger = setup({ allowed: false, repository: reader.repository });
    expect((await stranger.snapshots.lookup(closed, ["c1"])).size).toBe(0);
    expect((await reader.snapshots.lookup(closed, ["c1"])).size).toBe(1);
  });
});
