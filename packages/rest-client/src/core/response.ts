import { errorBodySchema, formatPath } from "@adsgraph/models";
import type { AnyEndpoint } from "@adsgraph/models";
import { parseFormEncoded } from "@adsgraph/oauth";
import type { ApiErrorItem, OperationError } from "./errors.js";
import type { RateLimitState } from "./rate-limit.js";

/** What a call answered, with everything the HTTP exchange said about it. */
export interface RestResponse<T> {
  readonly status: number;
  readonly body: T;
  /** Every response header, names exactly as received (lower case), values untouched. */
  readonly headers: Readonly<Record<string, string>>;
  readonly requestId: string | undefined;
  readonly rateLimit: RateLimitState | undefined;
  /** Attempts this call took (1 when nothing was retried). */
  readonly attempts: number;
  /** For `stream` endpoints: the unread body, and how to end it. */
  readonly stream?: AsyncIterable<Uint8Array> | undefined;
  readonly close?: (() => void) | undefined;
}

export type Decoded =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly problem: string };

function parseJson(text: string): Decoded {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, problem: "answered with a body that is not JSON" };
  }
}

/**
 * Checks a value against the endpoint's response schema (catalog), naming the first problems.
 * A body that passes is answered as parsed: response schemas only check (loose objects, no
 * transforms or defaults), so the schema's copy would be equal, and checked and unchecked
 * (sampled) answers stay the same objects.
 */
export function checkResponse(endpoint: AnyEndpoint, value: unknown): Decoded {
  const result = endpoint.response.schema.safeParse(value);
  if (result.success) return { ok: true, value };
  const issues = result.error.issues
    .slice(0, 3)
    .map((issue) => `${formatPath(issue.path) || "(body)"}: ${issue.message}`)
    .join("; ");
  return { ok: false, problem: `answered with a body that does not match the catalog: ${issues}` };
}

/** Turns a 2xx body into what the endpoint's response kind promises. */
export function decodeBody(endpoint: AnyEndpoint, text: string, validate: boolean): Decoded {
  let raw: Decoded;
  switch (endpoint.response.kind) {
    case "html":
      return { ok: true, value: text };
    case "form":
      raw = { ok: true, value: Object.fromEntries(parseFormEncoded(text)) };
      break;
    case "stream":
    case "single":
    case "list":
    case "collection":
    case "batch":
    case "raw-json":
      raw = parseJson(text);
      break;
  }
  if (!raw.ok || !validate) return raw;
  return checkResponse(endpoint, raw.value);
}

export interface ErrorBodyDetails {
  readonly errors: ApiErrorItem[];
  readonly operationErrors: OperationError[];
}

/** Reads `{errors:[{code,message,parameter}], operation_errors?}`; anything else gives none. */
export function parseErrorBody(text: string): ErrorBodyDetails {
  const json = parseJson(text);
  if (!json.ok) return { errors: [], operationErrors: [] };
  const body = errorBodySchema.safeParse(json.value);
  if (!body.success) return { errors: [], operationErrors: [] };
  const toItem = (e: {
    code: number | string;
    message: string;
    parameter?: string | undefined;
  }) => ({
    code: e.code,
    message: e.message,
    ...(e.parameter === undefined ? {} : { parameter: e.parameter }),
  });
  return {
    errors: body.data.errors.map(toItem),
    operationErrors: operationErrorsOf(body.data.operation_errors, (i) => i),
  };
}

/** spec §7: position i of `operation_errors` holds the errors of input item i; maps i to the caller's index. */
export function operationErrorsOf(
  raw:
    | ReadonlyArray<
        ReadonlyArray<{ code: number | string; message: string; parameter?: string | undefined }>
      >
    | undefined,
  toCallerIndex: (chunkIndex: number) => number,
): OperationError[] {
  if (raw === undefined) return [];
  const out: OperationError[] = [];
  raw.forEach((errors, index) => {
    if (errors.length === 0) return;
    out.push({
      index: toCallerIndex(index),
      errors: errors.map((e) => ({
        code: e.code,
        message: e.message,
        ...(e.parameter === undefined ? {} : { parameter: e.parameter }),
      })),
    });
  });
  return out;
}

/** The request id header: `x-request-id`, else `x-transaction-id` (the vendor's name). */
export function requestIdOf(headers: { get(name: string): string | null }): string | undefined {
  return headers.get("x-request-id") ?? headers.get("x-transaction-id") ?? undefined;
}
