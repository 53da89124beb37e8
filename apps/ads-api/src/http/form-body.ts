import type { FastifyInstance, FastifyRequest } from "fastify";
import { decodeFormPairs } from "./form-decode.js";
import type { DecodedPair } from "./form-decode.js";
import { decodeUtf8MarkingBroken } from "./utf8.js";

/** Largest body a host reads (JSON and form alike); Fastify answers 413 beyond it. */
export const BODY_LIMIT = 1_048_576;

/**
 * A form body kept raw: OAuth 1.0a signs its exact pairs (RFC 5849 §3.4.1.3.1), and its
 * parameters are decoded only when a route reads them, after the request is authenticated.
 * A class, so that no JSON body can pass for a form by carrying `kind: "form"`.
 */
export class FormBody {
  readonly raw: string;
  constructor(raw: string) {
    this.raw = raw;
  }
}

export function isFormBody(body: unknown): body is FormBody {
  return body instanceof FormBody;
}

/** Registers the `application/x-www-form-urlencoded` parser (Fastify has none built in). */
export function registerFormParser(app: FastifyInstance): void {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "buffer", bodyLimit: BODY_LIMIT },
    (_request, body, done) => {
      // Raw bytes that are not UTF-8 are marked, so the parameter holding them is refused.
      done(null, new FormBody(typeof body === "string" ? body : decodeUtf8MarkingBroken(body)));
    },
  );
}

/** The raw form body of a request, for signature checks (undefined when not a form). */
export function rawForm(request: FastifyRequest): string | undefined {
  return isFormBody(request.body) ? request.body.raw : undefined;
}

/**
 * Pairs as a record; a name sent twice keeps both values as an array. The record has no
 * prototype, so `__proto__` or `constructor` is an own name like any other and reaches
 * validation (which refuses names it does not know) instead of changing the object.
 */
export function pairsToRecord(pairs: readonly DecodedPair[]): Record<string, string | string[]> {
  const out = Object.create(null) as Record<string, string | string[]>;
  for (const [name, value] of pairs) {
    const seen = out[name];
    // Appended in place: copying the array per repeat made `a&a&a…` quadratic in its length.
    if (seen === undefined) out[name] = value;
    else if (Array.isArray(seen)) seen.push(value);
    else out[name] = [seen, value];
  }
  return out;
}

/** The parameters of a form body by name (a 400 naming the parameter when badly encoded). */
export function formParams(body: FormBody): Record<string, string | string[]> {
  return pairsToRecord(decodeFormPairs(body.raw));
}
