import { createTestTarget, TEST_ENGINES, type TestTarget } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../src/db/database.js";
import { createSnapshotRepository } from "../src/snapshots/snapshot-repository.js";

describe.each(TEST_ENGINES)("snapshot repository on %s", (engine) => {
  let db: Database;
  let testTarget: TestTarget;

  beforeAll(async () => {
    testTarget = await createTestTarget(engine, "graphql");
    db = await openDatabase(testTarget.target);
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

  it.runIf(engine === "postgresql")("applies nothing twice when opened again", async () => {
    // PGlite holds its data directory exclusively, so a second open is checked on PostgreSQL.
    const again = await openDatabase(testTarget.target);
    expect(again.migrationsApplied).toEqual([]);
    await again.close();
  });

  it("writes a snapshot and reads it back with long ids intact", async () => {
    const snapshots = createSnapshotRepository(db.prisma);
    const fetchedAt = new Date("2026-11-21T10:00:00.000Z");
    const body = {
      id: "8u94t",
      user_id: "1397727542898307072",
      name: "Spring sale",
      deleted: false,
    };

    await snapshots.put({ resourceType: "campaign", resourceId: "8u94t", body, fetchedAt });

    const read = await snapshots.get("campaign", "8u94t");
    expect(read).toEqual({ resourceType: "campaign", resourceId: "8u94t", body, fetchedAt });
    expect(await snapshots.get("campaign", "missing")).toBeNull();
  });

  it("replaces the previous read of the same resource and keeps types apart", async () => {
    const snapshots = createSnapshotRepository(db.prisma);
    const later = new Date("2026-11-21T11:00:00.000Z");
    await snapshots.put({
      resourceType: "campaign",
      resourceId: "8u94t",
      body: { id: "8u94t", name: "Renamed" },
      fetchedAt: later,
    });
    await snapshots.put({
      resourceType: "funding_instrument",
      resourceId: "8u94t",
      body: { id: "8u94t", type: "CREDIT_CARD" },
      fetchedAt: later,
    });

    const campaigns = await snapshots.listByType("campaign");
    expect(campaigns).toHaveLength(1);
    expect(campaigns[0]?.body).toEqual({ id: "8u94t", name: "Renamed" });
    expect(campaigns[0]?.fetchedAt).toEqual(later);
    expect(await snapshots.listByType("funding_instrument")).toHaveLength(1);
  });
});
