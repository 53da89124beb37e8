import { buildServer, loadEnv, openDatabase, type Database } from "@adsgraph/graphql";
import { createTestTarget, generateKeyText, type TestTarget } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { execute } from "../src/client.js";
import { HealthQuery } from "../src/documents.js";

describe("the example consumer against the running facade", () => {
  let testTarget: TestTarget;
  let db: Database;
  let app: Awaited<ReturnType<typeof buildServer>>["app"];
  let url: string;

  beforeAll(async () => {
    testTarget = await createTestTarget("pglite", "web_client");
    db = await openDatabase(testTarget.target);
    const env = loadEnv({ LOG_LEVEL: "silent", SESSION_ENCRYPTION_KEYS: generateKeyText() });
    ({ app } = await buildServer({ db, env }));
    url = `${await app.listen({ host: "127.0.0.1", port: 0 })}/graphql`;
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    await testTarget.drop();
  });

  it("runs the typed Health query", async () => {
    const result = await execute(url, HealthQuery);
    expectTypeOf(result.data).toEqualTypeOf<{ health: string | null } | null | undefined>();
    expect(result).toEqual({ data: { health: "ok" } });
  });
});
