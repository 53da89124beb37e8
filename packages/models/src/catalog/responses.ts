import { z } from "zod";
import { batchEnvelope, collectionEnvelope, listEnvelope, singleEnvelope } from "../envelopes.js";

/**
 * How an endpoint answers. `single`/`list`/`collection`/`batch` are the §2.1 envelopes
 * around `resource`; `form` is a form-encoded body (§4.1) parsed into an object of strings;
 * `raw-json` is a JSON body without the advertising envelope (§4.1 tokens, §4.9 post data);
 * `html` is a browser page or redirect (§4.1 authorize/authenticate); `stream` is a
 * persistent stream whose every message matches `schema` (§6).
 */
export type ResponseKind =
  "single" | "list" | "collection" | "batch" | "form" | "raw-json" | "html" | "stream";

export interface ResponseSpec<
  K extends ResponseKind = ResponseKind,
  R extends z.ZodType = z.ZodType,
> {
  readonly kind: K;
  /** The resource inside the envelope (the whole body for form/raw-json/stream; null for html). */
  readonly resource: z.ZodType | null;
  /** The schema of what the caller receives. */
  readonly schema: R;
}

export function single<T extends z.ZodType>(resource: T) {
  return {
    kind: "single",
    resource,
    schema: singleEnvelope(resource),
  } as const satisfies ResponseSpec;
}

export function list<T extends z.ZodType>(resource: T) {
  return { kind: "list", resource, schema: listEnvelope(resource) } as const satisfies ResponseSpec;
}

export function collection<T extends z.ZodType>(resource: T) {
  return {
    kind: "collection",
    resource,
    schema: collectionEnvelope(resource),
  } as const satisfies ResponseSpec;
}

export function batch<T extends z.ZodType>(resource: T) {
  return {
    kind: "batch",
    resource,
    schema: batchEnvelope(resource),
  } as const satisfies ResponseSpec;
}

export function form<T extends z.ZodType>(body: T) {
  return { kind: "form", resource: body, schema: body } as const satisfies ResponseSpec;
}

export function rawJson<T extends z.ZodType>(body: T) {
  return { kind: "raw-json", resource: body, schema: body } as const satisfies ResponseSpec;
}

export function html() {
  return { kind: "html", resource: null, schema: z.string() } as const satisfies ResponseSpec;
}

export function stream<T extends z.ZodType>(message: T) {
  return { kind: "stream", resource: message, schema: message } as const satisfies ResponseSpec;
}
