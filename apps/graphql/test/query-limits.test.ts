import { createTestTarget, type TestTarget } from "@adsgraph/storage";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../src/db/database.js";
import { QUERY_LIMITS } from "../src/query-limits.js";
import { buildServer } from "../src/server.js";

describe("query limits", () => {
  let testTarget: TestTarget;
  let db: Database;
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    testTarget = await createTestTarget("pglite", "limits");
    db = await openDatabase(testTarget.target);
    app = await buildServer({ db, logLevel: "silent" });
    url = `${await app.listen({ host: "127.0.0.1", port: 0 })}/graphql`;
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    await testTarget.drop();
  });

  const post = async (query: string) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const aliases = (n: number) =>
    `{ ${Array.from({ length: n }, (_, i) => `a${i}: health`).join(" ")} }`;

  it("accepts an operation at the alias limit", async () => {
    const { body } = await post(aliases(QUERY_LIMITS.aliases));
    expect(body.errors).toBeUndefined();
  });

  it("refuses one alias more, naming the limit", async () => {
    const { status, body } = await post(aliases(QUERY_LIMITS.aliases + 1));
    expect(status).toBe(400);
    expect(JSON.stringify(body.errors)).toContain(
      `Aliases limit of ${QUERY_LIMITS.aliases} exceeded`,
    );
  });
});
