import { describe, expect, it } from "vitest";
import { splitStatements } from "./migrate.js";

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
