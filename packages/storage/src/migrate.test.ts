import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { applyMigrations, splitStatements } from "./migrate.js";
import type { MigratableClient } from "./migrate.js";

describe("splitStatements", () => {
  it("splits Prisma's generated SQL into single commands without comments", () => {
    const sql = `-- CreateTable
CREATE TABLE "a" (
    "id" TEXT NOT NULL,
    CONSTRAINT "a_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "a_id_idx" ON "a"("id");
`;
    expect(splitStatements(sql)).toEqual([
      `CREATE TABLE "a" (\n    "id" TEXT NOT NULL,\n    CONSTRAINT "a_pkey" PRIMARY KEY ("id")\n)`,
      `CREATE INDEX "a_id_idx" ON "a"("id")`,
    ]);
  });
});

describe("applyMigrations", () => {
  it("applies each pending migration in its own transaction, in name order, once", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "migrate-"));
    try {
      for (const name of ["20260102000000_b", "20260101000000_a"]) {
        await mkdir(path.join(dir, name));
        await writeFile(
          path.join(dir, name, "migration.sql"),
          `CREATE TABLE "${name}" ("id" TEXT);\n`,
        );
      }
      const inTransaction: string[][] = [];
      const recorded: { migration_name: string; checksum: string }[] = [];
      const client: MigratableClient = {
        $executeRawUnsafe: () => Promise.resolve(0),
        $queryRawUnsafe: <T>() => Promise.resolve([...recorded] as T),
        $transaction: async (fn) => {
          const statements: string[] = [];
          const result = await fn({
            $executeRawUnsafe: (query: string, ...values: unknown[]) => {
              statements.push(query);
              if (query.startsWith('INSERT INTO "_prisma_migrations"')) {
                recorded.push({ migration_name: String(values[2]), checksum: String(values[1]) });
              }
              return Promise.resolve(0);
            },
          });
          inTransaction.push(statements);
          return result;
        },
      };
      expect(await applyMigrations(client, dir)).toEqual(["20260101000000_a", "20260102000000_b"]);
      expect(inTransaction.map((statements) => statements[0])).toEqual([
        'CREATE TABLE "20260101000000_a" ("id" TEXT)',
        'CREATE TABLE "20260102000000_b" ("id" TEXT)',
      ]);
      // Each transaction records its own migration, so a failed one leaves no record.
      expect(inTransaction.every((statements) => statements.length === 2)).toBe(true);
      expect(await applyMigrations(client, dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
