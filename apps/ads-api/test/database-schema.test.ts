import { randomBytes } from "node:crypto";
import { resolveTarget, TEST_POSTGRES_URL } from "@adsgraph/storage";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/database.js";

describe("DATABASE_URL without ?schema= (PostgreSQL)", () => {
  it("keeps ads-api in a schema of its own, created on first open, migrated once", async () => {
    // What `resolveTarget(DATABASE_URL, dir, "ads_api")` does in main.ts, with a unique name.
    const schema = `ads_api_${randomBytes(4).toString("hex")}`;
    const target = resolveTarget(TEST_POSTGRES_URL, "/unused", schema);
    const first = await openDatabase(target);
    try {
      expect(first.migrationsApplied.length).toBeGreaterThan(0);
      const tables = await first.prisma.$queryRawUnsafe<{ table_name: string }[]>(
        "SELECT table_name::text FROM information_schema.tables WHERE table_schema = $1",
        schema,
      );
      expect(tables.map((row) => row.table_name)).toEqual(
        expect.arrayContaining(["_prisma_migrations", "app", "account", "campaign"]),
      );
      const again = await openDatabase(target);
      expect(again.migrationsApplied).toEqual([]);
      await again.close();
    } finally {
      await first.prisma.$executeRawUnsafe(`DROP SCHEMA "${schema}" CASCADE`);
      await first.close();
    }
  });
});
