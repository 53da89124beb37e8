import type { FastifyInstance } from "fastify";
import { ApiError, ERROR_CODES } from "../errors.js";
import { BODY_LIMIT } from "./form-body.js";
import { decodeUtf8MarkingBroken } from "./utf8.js";

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** RFC 8259 §8.1: a parser may ignore a byte order mark; JSON.parse would not. */
function withoutBom(bytes: Buffer): Buffer {
  return bytes.subarray(0, BOM.length).equals(BOM) ? bytes.subarray(BOM.length) : bytes;
}

/**
 * A body that could not be read: kept as the parsed body, so the route answers it only after
 * authenticating the request (an unauthenticated caller learns nothing about a route's input).
 */
export class UnreadableBody {
  readonly status: 400 | 415;
  readonly message: string;
  constructor(status: 400 | 415, message: string) {
    this.status = status;
    this.message = message;
  }

  toError(): ApiError {
    return new ApiError(this.status, [{ code: ERROR_CODES.INVALID_BODY, message: this.message }]);
  }
}

/**
 * Parses a JSON body with the platform's JSON.parse: a `__proto__` key becomes an own property
 * (never the object's prototype), so validation refuses it by name like any unknown
 * parameter. Malformed JSON becomes an UnreadableBody.
 *
 * Depth is not bounded here: V8's JSON.parse does not recurse (a 1 MB body of `[` parses), and
 * nothing reads the value before validation, whose scan refuses nesting past the catalog's one
 * limit (`LIMITS.input.depth`) and stops walking there.
 */
export function parseJsonBody(body: Buffer | string): unknown {
  // Broken UTF-8 is marked, never replaced: the field holding it is then refused by name.
  const text = typeof body === "string" ? body : decodeUtf8MarkingBroken(withoutBom(body));
  if (text.trim() === "") return new UnreadableBody(400, "the JSON body is empty");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof SyntaxError ? `: ${error.message.slice(0, 200)}` : "";
    return new UnreadableBody(400, `the body is not valid JSON${reason}`);
  }
  // `null` would read as "no body" and let a PUT through with nothing in it.
  if (value === null) {
    return new UnreadableBody(
      400,
      "the JSON body is null: send an object of parameters (an array of operations for batches)",
    );
  }
  return value;
}

/**
 * JSON through `parseJsonBody`; any content type other than JSON and forms (text/plain
 * included, which browsers send cross-origin without a preflight) is read up to the body
 * limit and answered 415 by the route once the caller is authenticated.
 */
export function registerJsonAndOtherParsers(app: FastifyInstance): void {
  app.removeContentTypeParser(["application/json", "text/plain"]);
  app.addContentTypeParser(
    "application/json",
    { parseAs: "buffer", bodyLimit: BODY_LIMIT },
    (_request, body, done) => {
      done(null, parseJsonBody(body));
    },
  );
  app.addContentTypeParser(
    "*",
    { parseAs: "buffer", bodyLimit: BODY_LIMIT },
    (request, _body, done) => {
      const type = request.headers["content-type"];
      done(
        null,
        new UnreadableBody(
          415,
          `${type === undefined ? "a body without a content type" : "this content type"} is not accepted: send application/json or application/x-www-form-urlencoded`,
        ),
      );
    },
  );
}
