import type { RestClientError } from "./errors.js";
import type { RateLimitState } from "./rate-limit.js";

/**
 * What every hook receives about a call. `url` is redacted and `path` has no query string:
 * neither ever holds a credential, and no header or body is ever passed to a hook.
 */
export interface RequestEvent {
  readonly endpointId: string;
  readonly method: string;
  readonly path: string;
  /** Full URL with any credential-looking parameter masked. */
  readonly url: string;
  /** 1-based attempt number of this call. */
  readonly attempt: number;
}

export interface ResponseEvent extends RequestEvent {
  readonly status: number;
  /** Milliseconds of this attempt, from sending to the full body. */
  readonly durationMs: number;
  /** Retries before this answer (attempt - 1). */
  readonly retries: number;
  readonly requestId: string | undefined;
  readonly rateLimit: RateLimitState | undefined;
}

export type RetryReason =
  "rate_limit" | "network" | "timeout" | "server_error" | "auth_refresh" | "not_sent";

export interface RetryEvent extends RequestEvent {
  readonly reason: RetryReason;
  /** The one-line reason from `shouldRetry`. */
  readonly detail: string;
  /** How long the client waits before the next attempt. */
  readonly delayMs: number;
  readonly status: number | undefined;
}

export interface ErrorEvent extends RequestEvent {
  readonly error: RestClientError;
  /** Milliseconds from the first attempt to the failure. */
  readonly durationMs: number;
  readonly retries: number;
}

/** Tracing and metrics hooks. A hook that throws is ignored: it never breaks a request. */
export interface Hooks {
  readonly onRequest?: (event: RequestEvent) => void;
  readonly onResponse?: (event: ResponseEvent) => void;
  readonly onRetry?: (event: RetryEvent) => void;
  readonly onError?: (event: ErrorEvent) => void;
}

/** True when some set has hook `name`: events (and their masked URLs) are built only then. */
export function hasHook(hooks: readonly Hooks[], name: keyof Hooks): boolean {
  return hooks.some((set) => set[name] !== undefined);
}

/** Calls each hook of every set given, swallowing hook failures. */
export function emit<K extends keyof Hooks>(
  hooks: readonly Hooks[],
  name: K,
  event: Parameters<NonNullable<Hooks[K]>>[0],
): void {
  for (const set of hooks) {
    const hook = set[name] as ((event: unknown) => void) | undefined;
    if (hook === undefined) continue;
    try {
      hook(event);
    } catch {
      // A broken metrics hook must not fail the call it observes.
    }
  }
}
