import { isUtf8 } from "node:buffer";
import { jsonDepthExceeds } from "@adsgraph/models";
import type { FastifyInstance } from "fastify";
import { tooDeepJsonError } from "./errors/graphql-errors.js";
import { JSON_NESTING_MAX } from "./request-nesting.js";

/**
 * JSON bodies must be UTF-8 (RFC 8259 §8.1). Fastify would decode broken bytes into U+FFFD
 * and carry on; they are refused instead (400), then Fastify's own parser (with its
 * prototype-poisoning protection and empty-body rule) parses the text. A body nesting objects
 * and arrays past JSON_NESTING_MAX is refused (400) before anything walks it: JSON.parse does
 * not recurse, but the response cache's key, variable coercion and logging would (issue 34).
 */
export function refuseBrokenUtf8Json(app: FastifyInstance): void {
  // Fastify's defaults: `__proto__` and `constructor.prototype` keys are refused (400).
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) {
      done(
        Object.assign(new Error("The request body is not valid UTF-8 (JSON must be UTF-8)."), {
          statusCode: 400,
          code: "INVALID_UTF8_BODY",
        }),
        undefined,
      );
      return;
    }
    // Fastify's parser answers through `done`.
    void parseJson(request, bytes.toString("utf8"), (error, value) => {
      if (error === null && jsonDepthExceeds(value, JSON_NESTING_MAX)) {
        const refusal = tooDeepJsonError("the request body", JSON_NESTING_MAX);
        done(Object.assign(refusal, { statusCode: 400 }), undefined);
        return;
      }
      done(error, value);
    });
  });
}
