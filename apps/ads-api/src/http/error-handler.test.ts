import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { BadRequestError, ERROR_CODES } from "../errors.js";
import { registerErrorHandler } from "./error-handler.js";

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
  registerErrorHandler(app);
  app.get("/database", () => {
    throw new Error("connect ECONNREFUSED db.internal:5432 (user ads, password hunter2)");
  });
  app.get("/overflow", () => overflow(0));
  app.get("/refused", () => {
    throw BadRequestError.of(ERROR_CODES.INVALID_PARAMETER, "count must be at most 1000", "count");
  });
  return { app, logs: () => lines.join("") };
}

describe("the error handler", () => {
  it.each(["/database", "/overflow"])(
    "answers an unexpected failure (%s) with a generic message and the request id only",
    async (url) => {
      const { app, logs } = appWithFailingRoutes();
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(500);
      expect(response.headers["x-request-id"]).toBe("req-test-1");
      expect(response.json()).toEqual({
        errors: [
          {
            code: ERROR_CODES.INTERNAL_ERROR,
            message: "internal error (request id req-test-1): the cause is logged, not answered",
          },
        ],
      });
      // The cause is in the log under the id (credentials masked), not in the answer.
      expect(response.body).not.toMatch(/ECONNREFUSED|call stack|hunter2/);
      expect(logs()).toContain('"requestId":"req-test-1"');
      expect(logs()).toMatch(/ECONNREFUSED|Maximum call stack size exceeded/);
      await app.close();
    },
  );

  it("answers refusals as they were built", async () => {
    const { app } = appWithFailingRoutes();
    const response = await app.inject({ method: "GET", url: "/refused" });
    expect(response.statusCode).toBe(400);
    expect(response.headers["x-request-id"]).toBeUndefined();
    expect(response.json()).toEqual({
      errors: [
        { code: "INVALID_PARAMETER", message: "count must be at most 1000", parameter: "count" },
      ],
    });
    await app.close();
  });
});
