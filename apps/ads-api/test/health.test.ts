import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../src/server.js";

describe("ads-api over HTTP", () => {
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    app = buildServer({ logLevel: "silent" });
    base = await app.listen({ host: "127.0.0.1", port: 0 });
  });
  afterAll(() => app.close());

  it("answers GET /health", async () => {
    const response = await fetch(`${base}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("answers 404 for an unknown path", async () => {
    expect((await fetch(`${base}/nope`)).status).toBe(404);
  });
});
