import { createTestTarget, type TestTarget } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../src/db/database.js";
import { contentHash, type JsonObject } from "../src/snapshots/content-hash.js";
import {
  createSnapshotRepository,
  type SnapshotInput,
  type SnapshotRepository,
} from "../src/snapshots/snapshot-repository.js";

/**
 * Two replicas over one PostgreSQL (two connections, two repositories) recording the same reads
 * at the same moment (issue 19): neither fails, and each distinct content is one version.
 */
describe("snapshot repositories of two replicas on postgresql", () => {
  let testTarget: TestTarget;
  let dbs: Database[];
  let replicas: SnapshotRepository[];
  const ROUNDS = 40;

  beforeAll(async () => {
    testTarget = await createTestTarget("postgresql", "snapshots2");
    // One after the other: the first migrates, the second finds the schema current.
    const first = await openDatabase(testTarget.target);
    const second = await openDatabase(testTarget.target);
    dbs = [first, second];
    replicas = dbs.map((db) => createSnapshotRepository(db.prisma));
  });
  afterAll(async () => {
    await Promise.all(dbs.map((db) => db.close()));
    await testTarget.drop();
  });

  const read = (id: string, body: JsonObject, at: Date): SnapshotInput => ({
    resourceType: "campaign",
    resourceId: id,
    accountId: "acc",
    body,
    fetchedAt: at,
  });

  it("writes one version per content when both record the same read at once, many times", async () => {
    const ids = ["c1", "c2", "c3", "c4", "c5"];
    for (let round = 0; round < ROUNDS; round += 1) {
      const at = new Date(Date.UTC(2026, 10, 21, 0, 0, round));
      // Each round changes the content of every resource; the replicas list them in opposite
      // orders (a batch locks what it writes: no deadlock either way), and one repeats an
      // unchanged resource alongside.
      const inputs = ids.map((id) => read(id, { id, name: `round ${round}` }, at));
      const results = await Promise.allSettled([
        replicas[0]?.record(inputs),
        replicas[1]?.record([...inputs].reverse()),
        replicas[round % 2]?.record([read("steady", { id: "steady" }, at)]),
      ]);
      expect(results.filter((r) => r.status === "rejected")).toEqual([]);
      const written = results.map((r) => (r.status === "fulfilled" ? (r.value ?? 0) : 0));
      // Between them the two replicas wrote each resource's new version exactly once.
      expect((written[0] ?? 0) + (written[1] ?? 0)).toBe(ids.length);
    }
    for (const id of ids) {
      const history = (await replicas[0]?.history("campaign", id)) ?? [];
      expect(history.map((v) => v.version)).toEqual(
        Array.from({ length: ROUNDS }, (_, i) => ROUNDS - i),
      );
      expect(new Set(history.map((v) => v.contentHash)).size).toBe(ROUNDS);
      expect(history[0]?.contentHash).toBe(contentHash({ id, name: `round ${ROUNDS - 1}` }));
      // The last round's read moved checkedAt of the version it confirmed.
      expect(history[0]?.checkedAt.getTime()).toBe(Date.UTC(2026, 10, 21, 0, 0, ROUNDS - 1));
    }
    const steady = (await replicas[1]?.history("campaign", "steady")) ?? [];
    expect(steady.map((v) => v.version)).toEqual([1]);
    expect(steady[0]?.checkedAt.getTime()).toBe(Date.UTC(2026, 10, 21, 0, 0, ROUNDS - 1));
  });

  it("keeps every content when the two record different contents at once", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const at = new Date(Date.UTC(2026, 10, 22, 0, 0, round));
      const results = await Promise.allSettled([
        replicas[0]?.record([read("split", { id: "split", by: "a", round }, at)]),
        replicas[1]?.record([read("split", { id: "split", by: "b", round }, at)]),
      ]);
      expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    }
    const history = (await replicas[0]?.history("campaign", "split")) ?? [];
    // Every read changed the content: two versions a round, numbered without gaps.
    expect(history.map((v) => v.version)).toEqual(
      Array.from({ length: 2 * ROUNDS }, (_, i) => 2 * ROUNDS - i),
    );
  });

  it("tells a replica whose touch found another replica's newer content, and changes nothing", async () => {
    const x = { id: "flip", name: "x" };
    const y = { id: "flip", name: "y" };
    const at = (second: number) => new Date(Date.UTC(2026, 10, 23, 0, 0, second));
    await replicas[0]?.record([read("flip", x, at(0))]);
    await replicas[1]?.record([read("flip", y, at(1))]);
    // Replica 0 reads x again and, knowing x as its last recorded answer, only touches it.
    let missed = 0;
    const touch: SnapshotInput = {
      ...read("flip", {}, at(2)),
      contentHash: contentHash(x),
      touchOnly: true,
      touchMissed: () => {
        missed += 1;
      },
    };
    expect(await replicas[0]?.record([touch])).toBe(0);
    expect(missed).toBe(1);
    const history = (await replicas[0]?.history("campaign", "flip")) ?? [];
    expect(history.map((v) => [v.version, v.body.name, v.checkedAt.getTime()])).toEqual([
      [2, "y", at(1).getTime()],
      [1, "x", at(0).getTime()],
    ]);
    // A touch of the latest content confirms it, and says nothing.
    await replicas[0]?.record([{ ...touch, contentHash: contentHash(y) }]);
    expect(missed).toBe(1);
    expect((await replicas[1]?.latest("campaign", ["flip"]))?.get("flip")?.checkedAt).toEqual(
      at(2),
    );
  });
});
