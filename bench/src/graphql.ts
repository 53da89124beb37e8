import type { Facade } from "./servers.js";

export interface ErrorJson {
  readonly message?: string;
  readonly extensions?: { readonly code?: string };
}

/** What the bench reads of an answer's `extensions`. */
export interface AnswerExtensions {
  /** Set when a snapshot answered for a failed upstream. */
  readonly cache?: { readonly stale?: boolean };
  /** Upstream requests the facade made for the operation (UPSTREAM_STATS=true). */
  readonly upstream?: { readonly requests: number };
}

interface AnswerJson {
  data?: unknown;
  errors?: ErrorJson[];
  extensions?: AnswerExtensions;
}

/** One GraphQL answer as it came, or how the exchange failed. */
export type Exchange =
  | {
      readonly kind: "answer";
      readonly status: number;
      readonly data: unknown;
      readonly errors: readonly ErrorJson[];
      readonly extensions: AnswerExtensions | undefined;
    }
  | { readonly kind: "failed"; readonly reason: string };

/** POSTs one operation; never throws (a broken exchange is an outcome to count). */
export async function postGraphQL(
  facade: Facade,
  query: string,
  variables: Record<string, unknown>,
): Promise<Exchange> {
  try {
    const response = await fetch(facade.url, {
      method: "POST",
      headers: { "content-type": "application/json", ...facade.headers },
      body: JSON.stringify({ query, variables }),
    });
    const text = await response.text();
    let body: AnswerJson;
    try {
      body = JSON.parse(text) as AnswerJson;
    } catch {
      return { kind: "failed", reason: `HTTP ${response.status}, not JSON: ${text.slice(0, 200)}` };
    }
    return {
      kind: "answer",
      status: response.status,
      data: body.data ?? null,
      errors: body.errors ?? [],
      extensions: body.extensions,
    };
  } catch (error) {
    return { kind: "failed", reason: error instanceof Error ? error.message : String(error) };
  }
}

/** The `extensions.code` of each error, or `(none)`. */
export const errorCodes = (exchange: Exchange): string[] =>
  exchange.kind === "answer"
    ? exchange.errors.map((error) => error.extensions?.code ?? "(none)")
    : [`(exchange failed: ${exchange.reason.slice(0, 80)})`];
