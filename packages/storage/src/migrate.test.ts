import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { applyMigrations, splitStatements } from "./migrate.js";
import type { MigratableClient, TransactionOptions } from "./migrate.js";

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
  it("gives each migration's transaction minutes, not Prisma's 5 s default (a loaded start-up)", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "migrate-"));
    try {
      for (const name of ["20260101000000_a", "20260102000000_b"]) {
        await mkdir(path.join(dir, name));
        await writeFile(
          path.join(dir, name, "migration.sql"),
          `CREATE TABLE "${name}" ("id" TEXT);\n`,
        );
      }
      const given: (TransactionOptions | undefined)[] = [];
      const statements: string[] = [];
      const execute = (query: string): Promise<number> => {
        statements.push(query);
        return Promise.resolve(0);
      };
      const client: MigratableClient = {
        $executeRawUnsafe: execute,
        $queryRawUnsafe: <T>() => Promise.resolve([] as T),
        $transaction: (fn, options) => {
          given.push(options);
          return fn({ $executeRawUnsafe: execute });
        },
      };
      expect(await applyMigrations(client, dir)).toEqual(["20260101000000_a", "20260102000000_b"]);
      expect(given).toHaveLength(2);
      for (const options of given) {
        expect(options?.timeout).toBeGreaterThanOrEqual(10 * 60_000);
        expect(options?.maxWait).toBeGreaterThanOrEqual(60_000);
      }
      expect(statements.filter((query) => query.startsWith('CREATE TABLE "2026'))).toHaveLength(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
