import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../src/db/database.js";
import { buildServer } from "../src/server.js";

describe("GraphQL server over HTTP", () => {
  const dataDir = path.join(os.tmpdir(), `adsgraph-health-${randomUUID()}`);
  let db: Database;
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    db = await openDatabase({ engine: "pglite", dataDir });
    app = await buildServer({ db, logLevel: "silent" });
    url = `${await app.listen({ host: "127.0.0.1", port: 0 })}/graphql`;
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("answers { health } with ok", async () => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ health }" }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { health: "ok" } });
  });

  it("names the unknown field in a bad query", async () => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ healthz }" }),
    });
    const body = (await response.json()) as { errors: { message: string }[] };
    expect(response.status).toBe(400);
    expect(body.errors[0]?.message).toContain('Cannot query field "healthz"');
  });
});
