import { isUtf8 } from "node:buffer";
import { jsonDepthExceeds } from "@adsgraph/models";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { tooDeepJsonError } from "./errors/graphql-errors.js";
import { JSON_NESTING_MAX } from "./request-nesting.js";

/** The text of each JSON body parsed, as sent (the response cache keys on it). */
const texts = new WeakMap<FastifyRequest, string>();

/** The JSON body of a request as the client sent it (after the checks below), if it had one. */
export function jsonBodyText(request: FastifyRequest): string | undefined {
  return texts.get(request);
}

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
    const text = bytes.toString("utf8");
    // Fastify's parser answers through `done`.
    void parseJson(request, text, (error, value) => {
      if (error === null && jsonDepthExceeds(value, JSON_NESTING_MAX)) {
        const refusal = tooDeepJsonError("the request body", JSON_NESTING_MAX);
        done(Object.assign(refusal, { statusCode: 400 }), undefined);
        return;
      }
      if (error === null) texts.set(request, text);
      done(error, value);
    });
  });
}
