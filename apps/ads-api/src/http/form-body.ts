import { parseFormEncoded } from "@adsgraph/oauth";
import type { ParamPair } from "@adsgraph/oauth";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** A form body kept raw: OAuth 1.0a signs its exact pairs (RFC 5849 §3.4.1.3.1). */
export interface FormBody {
  readonly kind: "form";
  readonly raw: string;
  readonly pairs: readonly ParamPair[];
}

export function isFormBody(body: unknown): body is FormBody {
  return typeof body === "object" && body !== null && (body as { kind?: unknown }).kind === "form";
}

/** Registers the `application/x-www-form-urlencoded` parser (Fastify has none built in). */
export function registerFormParser(app: FastifyInstance): void {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1_048_576 },
    (_request, body, done) => {
      const raw = typeof body === "string" ? body : body.toString("utf8");
      const form: FormBody = { kind: "form", raw, pairs: parseFormEncoded(raw) };
      done(null, form);
    },
  );
}

/** The raw form body of a request, for signature checks (undefined when not a form). */
export function rawForm(request: FastifyRequest): string | undefined {
  return isFormBody(request.body) ? request.body.raw : undefined;
}

/** Form pairs as a record; a name sent twice keeps both values as an array. */
export function pairsToRecord(pairs: readonly ParamPair[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of pairs) {
    const seen = out[name];
    out[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return out;
}
