import { createTestTarget, TEST_ENGINES, type TestTarget } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../src/db/database.js";
import {
  createSnapshotRepository,
  type SnapshotRepository,
} from "../src/snapshots/snapshot-repository.js";
import { startSnapshotRetention } from "../src/snapshots/snapshot-retention.js";

describe.each(TEST_ENGINES)("snapshot repository on %s", (engine) => {
  let db: Database;
  let testTarget: TestTarget;
  let snapshots: SnapshotRepository;
  const at = (hour: number) => new Date(Date.UTC(2026, 10, 21, hour));

  beforeAll(async () => {
    testTarget = await createTestTarget(engine, "graphql");
    db = await openDatabase(testTarget.target);
    snapshots = createSnapshotRepository(db.prisma);
    console.info(`[engine] snapshot repository test is running on ${db.engine}`);
  });
  afterAll(async () => {
    await db.close();
    await testTarget.drop();
  });

  it(`opens ${engine} and applies the committed migrations`, () => {
    expect(db.engine).toBe(engine);
    expect(db.migrationsApplied.length).toBeGreaterThan(0);
  });

  it("applies nothing twice when opened again, and keeps what was written", async () => {
    await snapshots.record([
      {
        resourceType: "campaign",
        resourceId: "before-restart",
        accountId: "acc",
        body: { id: "before-restart" },
        fetchedAt: at(0),
      },
    ]);
    await db.close();
    db = await openDatabase(testTarget.target);
    snapshots = createSnapshotRepository(db.prisma);
    expect(db.migrationsApplied).toEqual([]);
    expect((await snapshots.latest("campaign", ["before-restart"])).size).toBe(1);
  });

  it("deletes metrics snapshots past their retention, and nothing else (issue 36)", async () => {
    const row = (resourceType: string, resourceId: string, hour: number) => ({
      resourceType,
      resourceId,
      accountId: "acc",
      body: { id: resourceId },
      fetchedAt: at(hour),
    });
    await snapshots.record([
      ...Array.from({ length: 1203 }, (_, i) => row("stats", `old-${i}`, 2)),
      row("stats", "recent", 10),
      row("campaign", "old-campaign", 2),
    ]);
    const retention = startSnapshotRetention({
      repository: snapshots,
      resourceType: "stats",
      retentionMs: 4 * 3_600_000,
      everyMs: 3_600_000,
      onError: (error) => {
        throw error;
      },
      now: () => at(12).getTime(),
    });
    expect(await retention.prune()).toBe(1203);
    await retention.close();
    expect((await snapshots.latest("stats", ["old-0", "old-1202", "recent"])).size).toBe(1);
    expect((await snapshots.latest("campaign", ["old-campaign"])).size).toBe(1);
  });

  it("keeps a version when a touch of the same content follows it in one batch", async () => {
    // The writer builds a version, then a touch for a repeat read of the same answer (its
    // digest is now known); both may land in one batch, and the version must still be stored.
    const body = { value: { data: { id: "touched" } } };
    await snapshots.record([
      {
        resourceType: "query:x",
        resourceId: "touched",
        accountId: "acc",
        body,
        contentHash: "h1",
        fetchedAt: at(1),
      },
      {
        resourceType: "query:x",
        resourceId: "touched",
        accountId: "acc",
        body: {},
        contentHash: "h1",
        touchOnly: true,
        fetchedAt: at(2),
      },
    ]);
    const stored = (await snapshots.latest("query:x", ["touched"])).get("touched");
    expect(stored?.body).toEqual(body);
    expect(stored?.version).toBe(1);
  });

  it("writes a snapshot and reads it back with long ids intact", async () => {
    const body = {
      id: "8u94t",
      user_id: "1397727542898307072",
      name: "Spring sale",
      deleted: false,
    };
    const written = await snapshots.record([
      {
        resourceType: "campaign",
        resourceId: "8u94t",
        accountId: "18ce54d4x5t",
        body,
        fetchedAt: at(10),
      },
    ]);
    expect(written).toBe(1);

    const latest = await snapshots.latest("campaign", ["8u94t", "never-read"]);
    expect([...latest.keys()]).toEqual(["8u94t"]);
    expect(latest.get("8u94t")).toMatchObject({
      accountId: "18ce54d4x5t",
      version: 1,
      body,
      fetchedAt: at(10),
      checkedAt: at(10),
    });
  });

  it("writes a new version only when the content changed, and keeps types apart", async () => {
    const base = { resourceType: "campaign", resourceId: "v1", accountId: "acc" };
    await snapshots.record([
      { ...base, body: { id: "v1", name: "A", budget: 1 }, fetchedAt: at(1) },
    ]);
    // Same content, keys in another order: no new version, only checkedAt moves on.
    expect(
      await snapshots.record([
        { ...base, body: { budget: 1, name: "A", id: "v1" }, fetchedAt: at(2) },
      ]),
    ).toBe(0);
    expect(
      await snapshots.record([
        { ...base, body: { id: "v1", name: "B", budget: 1 }, fetchedAt: at(3) },
        { ...base, resourceType: "funding_instrument", body: { id: "v1" }, fetchedAt: at(3) },
      ]),
    ).toBe(2);

    const history = await snapshots.history("campaign", "v1");
    expect(history.map((v) => [v.version, v.body.name, v.fetchedAt, v.checkedAt])).toEqual([
      [2, "B", at(3), at(3)],
      [1, "A", at(1), at(2)],
    ]);
    expect((await snapshots.latest("funding_instrument", ["v1"])).get("v1")?.version).toBe(1);
  });
});
