import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { tooDeepJsonError } from "./graphql-errors.js";
import { registerHttpErrorHandler } from "./http-error-handler.js";

/** A call stack overflowed the way a recursive walk of deep client data overflows it. */
function overflow(depth: number): number {
  return depth === Number.MAX_SAFE_INTEGER ? depth : overflow(depth + 1) + 1;
}

function appWithFailingRoutes() {
  const lines: string[] = [];
  const app = Fastify({
    genReqId: () => "req-test-1",
    logger: {
      stream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString("utf8"));
          done();
        },
      }),
    },
  });
  registerHttpErrorHandler(app);
  for (const url of ["/graphql", "/auth/login"]) {
    app.get(url, (request) => {
      const { fail } = request.query as { fail?: string };
      if (fail === "overflow") return overflow(0);
      if (fail === "deep")
        throw Object.assign(tooDeepJsonError("the body", 64), { statusCode: 400 });
      if (fail === "limit") {
        // @fastify/rate-limit throws its answer, a plain object with a status.
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- as the plugin does
        throw { statusCode: 429, error: { code: "RATE_LIMITED", message: "wait" } };
      }
      throw new Error("connect ECONNREFUSED db.internal:5432");
    });
  }
  return { app, logs: () => lines.join("") };
}

describe("the facade's HTTP error handler", () => {
  it("answers unexpected failures with a generic message and the request id, in each route's shape", async () => {
    const { app, logs } = appWithFailingRoutes();
    for (const fail of ["database", "overflow"]) {
      const graphql = await app.inject({ url: `/graphql?fail=${fail}` });
      expect(graphql.statusCode).toBe(500);
      expect(graphql.headers["x-request-id"]).toBe("req-test-1");
      expect(graphql.json()).toEqual({
        errors: [
          {
            message: "Internal server error",
            extensions: { code: "INTERNAL_SERVER_ERROR", requestId: "req-test-1" },
          },
        ],
      });
      const auth = await app.inject({ url: `/auth/login?fail=${fail}` });
      expect(auth.statusCode).toBe(500);
      expect(auth.json()).toEqual({
        error: {
          code: "INTERNAL_SERVER_ERROR",
          message: "Internal server error",
          requestId: "req-test-1",
        },
      });
      for (const answer of [graphql.body, auth.body]) {
        expect(answer).not.toMatch(/ECONNREFUSED|call stack/);
      }
    }
    // The causes are in the log, under the id.
    expect(logs()).toContain('"requestId":"req-test-1"');
    expect(logs()).toContain("ECONNREFUSED");
    expect(logs()).toContain("Maximum call stack size exceeded");
    await app.close();
  });

  it("answers refusals with their code, and Fastify's and plugins' own 4xx as they were", async () => {
    const { app } = appWithFailingRoutes();
    const deep = await app.inject({ url: "/graphql?fail=deep" });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({
      errors: [{ extensions: { code: "BAD_REQUEST", limit: "nesting", max: 64 } }],
    });
    const auth = await app.inject({ url: "/auth/login?fail=deep" });
    expect(auth.json()).toMatchObject({ error: { code: "BAD_REQUEST" } });
    const limited = await app.inject({ url: "/auth/login?fail=limit" });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: "RATE_LIMITED" } });
    const notJson = await app.inject({
      method: "POST",
      url: "/graphql",
      headers: { "content-type": "application/json" },
      payload: "{ health }",
    });
    expect(notJson.statusCode).toBe(400);
    await app.close();
  });
});
