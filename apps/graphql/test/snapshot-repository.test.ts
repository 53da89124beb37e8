import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../src/db/database.js";
import type { DatabaseTarget } from "../src/db/adapter.js";
import { createSnapshotRepository } from "../src/snapshots/snapshot-repository.js";

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";

/** One engine under test: its target and how to clean up after it. */
interface EngineCase {
  name: DatabaseTarget["engine"];
  setUp: () => Promise<{ target: DatabaseTarget; tearDown: () => Promise<void> }>;
}

const engines: EngineCase[] = [
  {
    name: "pglite",
    setUp() {
      const dataDir = path.join(os.tmpdir(), `adsgraph-pglite-${randomUUID()}`);
      return Promise.resolve({
        target: { engine: "pglite", dataDir },
        tearDown: () => rm(dataDir, { recursive: true, force: true }),
      });
    },
  },
  {
    name: "postgresql",
    async setUp() {
      // A schema of its own per run, so parallel runs and other packages never collide.
      const schema = `graphql_test_${randomUUID().replaceAll("-", "")}`;
      const admin = new pg.Client({ connectionString: POSTGRES_URL });
      await admin.connect();
      await admin.query(`CREATE SCHEMA "${schema}"`);
      const url = new URL(POSTGRES_URL);
      url.searchParams.set("schema", schema);
      return {
        target: { engine: "postgresql", url: url.toString() },
        tearDown: async () => {
          await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
          await admin.end();
        },
      };
    },
  },
];

describe.each(engines)("snapshot repository on $name", ({ name, setUp }) => {
  let db: Database;
  let target: DatabaseTarget;
  let tearDown: () => Promise<void>;

  beforeAll(async () => {
    ({ target, tearDown } = await setUp());
    db = await openDatabase(target);
    console.info(`[engine] snapshot repository test is running on ${db.engine}`);
  });
  afterAll(async () => {
    await db.close();
    await tearDown();
  });

  it(`opens ${name} and applies the committed migrations once`, async () => {
    expect(db.engine).toBe(name);
    expect(db.migrationsApplied.length).toBeGreaterThan(0);
    const again = await openDatabase(target).catch((error: unknown) => error);
    // PGlite holds its data directory exclusively; reopening is checked on PostgreSQL only.
    if (name === "postgresql") {
      const reopened = again as Database;
      expect(reopened.migrationsApplied).toEqual([]);
      await reopened.close();
    }
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
