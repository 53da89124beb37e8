import { describe, expect, it } from "vitest";
import { createConnection, resolveTarget, schemaOf } from "./adapter.js";
import { createTestTarget, TEST_ENGINES } from "./test-targets.js";

describe("resolveTarget", () => {
  it("uses PGlite without a URL, and PostgreSQL in the app's own schema unless the URL names one", () => {
    expect(resolveTarget(undefined, "/data", "ads_api")).toEqual({
      engine: "pglite",
      dataDir: "/data",
    });
    const shared = "postgresql://postgres@127.0.0.1:5432/test";
    expect(schemaOf(resolveTarget(shared, "/data", "ads_api"))).toBe("ads_api");
    expect(schemaOf(resolveTarget(shared, "/data", "adsgraph"))).toBe("adsgraph");
    expect(schemaOf(resolveTarget(`${shared}?schema=mine&sslmode=disable`, "/d", "ads_api"))).toBe(
      "mine",
    );
    expect(schemaOf(resolveTarget(shared, "/data"))).toBeUndefined();
  });
});

describe.each(TEST_ENGINES)("createConnection on %s", (engine) => {
  it("runs plain SQL on the connection Prisma's adapter uses, in the target's schema", async () => {
    const { target, drop } = await createTestTarget(engine, "storage_raw");
    const { adapter, sql } = await createConnection(target);
    const driver = await adapter.connect();
    try {
      // Written through the adapter Prisma would use, read back through `sql`.
      await driver.executeScript(
        "CREATE TABLE t (id TEXT PRIMARY KEY, n BIGINT, tags TEXT[], at TIMESTAMPTZ(3))",
      );
      const at = new Date("2026-11-22T10:00:00.123Z");
      const values = ["a", "9007199254740993", ["x", "y"], at] as const;
      expect(
        await sql.execute("INSERT INTO t VALUES ($1, $2, $3, $4)", [
          values[0],
          values[1],
          `{${values[2].join(",")}}`,
          values[3],
        ]),
      ).toBe(1);
      expect(await sql.execute("INSERT INTO t VALUES ($1) ON CONFLICT DO NOTHING", ["a"])).toBe(0);
      const rows = await sql.query<{ id: string; n: unknown; tags: string[]; at: Date }>(
        "SELECT id, n, tags, at FROM t WHERE id = $1",
        ["a"],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.tags).toEqual(["x", "y"]);
      expect(rows[0]?.at.toISOString()).toBe(at.toISOString());
      // BIGINT is the driver's own: callers convert (credentials/account-scope.ts does).
      expect(BigInt(String(rows[0]?.n))).toBe(9007199254740993n);
      if (engine === "postgresql") {
        // The table landed in the target's schema, not in public.
        const where = await sql.query<{ schema: string }>(
          "SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 't'",
          [],
        );
        expect(where.map((row) => row.schema)).toEqual([schemaOf(target)]);
      }
    } finally {
      await driver.dispose();
      await drop();
    }
  });

  it("runs a named statement like an unnamed one, with values that would end a literal", async () => {
    const { target, drop } = await createTestTarget(engine, "storage_named");
    const { adapter, sql } = await createConnection(target);
    const driver = await adapter.connect();
    try {
      await driver.executeScript(
        "CREATE TABLE t (id TEXT PRIMARY KEY, n BIGINT, at TIMESTAMPTZ(3), note TEXT)",
      );
      const insert = "INSERT INTO t VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING";
      const named = { name: "storage_test_insert" };
      const at = new Date("2026-11-30T03:00:00.456Z");
      const hostile = "it's \\'; DROP TABLE t; --";
      expect(await sql.execute(insert, [hostile, "42", at, null], named)).toBe(1);
      expect(await sql.execute(insert, [hostile, "43", at, "again"], named)).toBe(0);
      expect(await sql.execute(insert, ["b", 7, null, "x"], named)).toBe(1);
      const select = "SELECT id, n, at, note FROM t WHERE id = $1";
      const byName = await sql.query<{ id: string; n: unknown; at: Date; note: string | null }>(
        select,
        [hostile],
        { name: "storage_test_select" },
      );
      expect(byName).toEqual(await sql.query(select, [hostile]));
      expect(byName[0]?.id).toBe(hostile);
      expect(String(byName[0]?.n)).toBe("42");
      expect(byName[0]?.at.toISOString()).toBe(at.toISOString());
      expect(byName[0]?.note).toBeNull();
      // A NUL is refused, named or not (PostgreSQL stores no NUL in text).
      await expect(sql.query(select, ["a\0b"], { name: "storage_test_select" })).rejects.toThrow();
      if (engine === "pglite") {
        // The session forgot its statements: prepared again on the next call.
        await sql.execute("DEALLOCATE ALL", []);
        expect(await sql.query(select, ["b"], { name: "storage_test_select" })).toHaveLength(1);
      }
    } finally {
      await driver.dispose();
      await drop();
    }
  });
});
