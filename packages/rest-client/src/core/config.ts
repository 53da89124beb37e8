import type { ValidateOptions } from "@adsgraph/models";
import type {
  BearerTokenCache,
  BearerTokenSource,
  ConsumerCredentials,
  TokenCredentials,
} from "@adsgraph/oauth";
import type { Dispatcher } from "undici";
import { REST_CLIENT_ERROR_CODES, RestClientError } from "./errors.js";
import { DEFAULT_MAX_DECOMPRESSED_BYTES } from "./gunzip.js";
import type { Hooks } from "./hooks.js";
import { LOCAL_HOSTS } from "./hosts.js";
import type { Hosts } from "./hosts.js";
import type { RateLimitBudget, RateLimitCredit } from "./rate-budget.js";
import { responseCheckPolicy } from "./response-sampling.js";
import type { ResponseCheckPolicy, ResponseValidation } from "./response-sampling.js";
import { DEFAULT_RETRY_POLICY } from "./retry.js";
import type { RetryPolicy } from "./retry.js";
import { defaultSleep } from "./transport.js";
import type { SendScope } from "./transport.js";

/**
 * Credentials. Which are used depends on each endpoint's catalog `auth` kind:
 * `oauth1-user` signs with `consumer` + `token`; `oauth1-request` with `consumer` (+ the
 * request token); `basic` sends `consumer` as HTTP Basic; `bearer-or-user` (reference data,
 * post reads) and `bearer-or-oauth1` sign as the user when `token` is given, else send the
 * app-only bearer: `bearerToken`, or the token fetched from /oauth2/token with `consumer` once
 * and cached; `none` sends nothing.
 */
export interface AuthOptions {
  /** API key and secret. */
  readonly consumer?: ConsumerCredentials | undefined;
  /** The user's access token and secret (OAuth 1.0a user context). */
  readonly token?: TokenCredentials | undefined;
  /** A fixed app-only bearer token; without it one is fetched with `consumer` and cached. */
  readonly bearerToken?: string | undefined;
}

export interface RateLimitOptions {
  /**
   * Longest total time one call may spend waiting for rate-limit resets (429s and known-zero
   * budgets) before it throws RestRateLimitError. Default 15 minutes: one full window.
   */
  readonly maxWaitMs?: number | undefined;
  /** Added to every reset wait: resets are whole seconds and clocks differ. Default 1000. */
  readonly padMs?: number | undefined;
  /** Wait before sending when the known remaining budget is zero (default true). */
  readonly waitBeforeSend?: boolean | undefined;
  /**
   * A budget shared with other clients (e.g. other processes, through Redis), asked before
   * every attempt and told every answer (`RateLimitBudget`). Without it each client keeps its
   * own book. Derived clients (`withAuth`, `with`) share it. Asked only while
   * `waitBeforeSend` is on; told every answer either way.
   */
  readonly budget?: RateLimitBudget | undefined;
}

export interface RestClientOptions {
  /** Host URLs by role; defaults to the local ads-api (`LOCAL_HOSTS`). */
  readonly hosts?: Partial<Hosts> | undefined;
  readonly auth?: AuthOptions | undefined;
  /** Per-attempt timeout, from sending to the full answer. Default 30 s. */
  readonly timeoutMs?: number | undefined;
  /** Default `adsgraph-rest-client (node <version>)`. */
  readonly userAgent?: string | undefined;
  readonly retry?: Partial<RetryPolicy> | undefined;
  readonly rateLimit?: RateLimitOptions | undefined;
  /**
   * The app-only bearer token cache, built over the client's own `oauth2.token` and
   * `oauth2.invalidate_token` calls; default oauth's in-process `createBearerTokenCache`.
   * Pass one shared beyond this process (e.g. in Redis) so a cluster fetches the token once.
   */
  readonly bearerCache?: ((source: BearerTokenSource) => BearerTokenCache) | undefined;
  readonly hooks?: Hooks | undefined;
  /**
   * Check 2xx bodies against the catalog's response schemas: `true` (default) every body,
   * `{ sampleEvery: n }` each endpoint's first answer and one in n after it, `false` none.
   */
  readonly validateResponses?: ResponseValidation | undefined;
  /** Parallel requests of `getMany` and `collectMany` (default 4). */
  readonly concurrency?: number | undefined;
  /**
   * The most a gzip answer (a stats job's result file) may decompress to, in bytes; more is a
   * `RestProtocolError`. Default 64 MiB (`DEFAULT_MAX_DECOMPRESSED_BYTES`).
   */
  readonly maxDecompressedBytes?: number | undefined;
  /** Sockets per origin in the keep-alive pool (default 16). */
  readonly connections?: number | undefined;
  readonly keepAliveTimeoutMs?: number | undefined;
  /** Use this undici dispatcher instead of the client's own Agent (it is not closed by `close`). */
  readonly dispatcher?: Dispatcher | undefined;
  /** Epoch milliseconds; injectable so tests control rate-limit time. Default `Date.now`. */
  readonly clock?: (() => number) | undefined;
  /** Injectable waiting (rate-limit waits and backoff). Must reject when `signal` fires. */
  readonly sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  /** Jitter source, default `Math.random`. */
  readonly random?: (() => number) | undefined;
}

/** Options of one call; they override the client's. */
export interface CallOptions {
  readonly signal?: AbortSignal | undefined;
  readonly timeoutMs?: number | undefined;
  readonly retry?: Partial<RetryPolicy> | undefined;
  readonly rateLimit?:
    | (Pick<RateLimitOptions, "maxWaitMs"> & {
        /**
         * Requests this call's caller already counted (a hold taken before a query ran):
         * an attempt it credits is sent without reserving or waiting.
         */
        readonly credit?: RateLimitCredit | undefined;
      })
    | undefined;
  /** The access token for this call (OAuth 1.0a user context), or the request token for oauth.access_token. */
  readonly token?: TokenCredentials | undefined;
  /** Rule context for validation (a fixed `now`, media kinds). */
  readonly validate?: ValidateOptions | undefined;
  /** Overrides the client's `maxDecompressedBytes` for this call. */
  readonly maxDecompressedBytes?: number | undefined;
  /**
   * Only for GET endpoints that send no credentials (catalog `auth: "none"`, e.g.
   * `stats.jobs.result`): the absolute http(s) URL to send to instead of the one laid out from
   * `hosts`: a job's result url, which may be on another file host. The caller vets it
   * (`runStatsJobs` allows the ads host and `resultOrigins` only). Any other endpoint refuses
   * it, nothing sent.
   */
  readonly url?: string | URL | undefined;
  /** Extra hooks for this call only. */
  readonly hooks?: Hooks | undefined;
  /**
   * Runs each attempt's hand-over to the HTTP pool, synchronously: the caller's scope around
   * the moment the request is created (a tracer's context, so an HTTP instrumentation gives
   * its client span the right parent without async context tracking). Must call `send` once
   * and return what it returns.
   */
  readonly scope?: SendScope | undefined;
}

export interface ResolvedConfig {
  readonly hosts: Hosts;
  readonly auth: AuthOptions;
  readonly timeoutMs: number;
  readonly userAgent: string;
  readonly retry: RetryPolicy;
  readonly rateLimit: Required<{
    [K in Exclude<keyof RateLimitOptions, "budget">]: NonNullable<RateLimitOptions[K]>;
  }> & { readonly budget: RateLimitBudget | undefined };
  readonly hooks: Hooks;
  /** Whether the body of an endpoint's answer is to be checked (`validateResponses`). */
  readonly validateResponse: ResponseCheckPolicy;
  readonly concurrency: number;
  readonly maxDecompressedBytes: number;
  readonly clock: () => number;
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly random: () => number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RATE_LIMIT_WAIT_MS = 15 * 60_000;
/** Parallel requests of one many-id read (`getMany`, `collectMany`, `lookupPosts`). */
export const DEFAULT_CONCURRENCY = 4;

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) {
    throw new RestClientError(
      REST_CLIENT_ERROR_CODES.INVALID_ARGUMENT,
      `${name} must be a non-negative number (got ${String(value)})`,
    );
  }
  return value;
}

/** `maxDecompressedBytes`: a whole number of bytes, at least 1 (zlib's maxOutputLength). */
export function decompressedLimit(value: number | undefined): number {
  if (value === undefined) return DEFAULT_MAX_DECOMPRESSED_BYTES;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RestClientError(
      REST_CLIENT_ERROR_CODES.INVALID_ARGUMENT,
      `maxDecompressedBytes must be a whole number of bytes, at least 1 (got ${String(value)})`,
    );
  }
  return value;
}

function checkHosts(hosts: Hosts): Hosts {
  for (const [role, url] of Object.entries(hosts)) {
    if (!URL.canParse(url)) {
      throw new RestClientError(
        REST_CLIENT_ERROR_CODES.INVALID_ARGUMENT,
        `hosts.${role} must be an absolute URL`,
      );
    }
  }
  return hosts;
}

export function resolveConfig(options: RestClientOptions): ResolvedConfig {
  const retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  return {
    hosts: checkHosts({ ...LOCAL_HOSTS, ...options.hosts }),
    auth: options.auth ?? {},
    timeoutMs: positive("timeoutMs", options.timeoutMs, DEFAULT_TIMEOUT_MS),
    userAgent: options.userAgent ?? `adsgraph-rest-client (node ${process.version})`,
    retry: {
      maxRetries: positive("retry.maxRetries", retry.maxRetries, DEFAULT_RETRY_POLICY.maxRetries),
      baseDelayMs: positive("retry.baseDelayMs", retry.baseDelayMs, 0),
      maxDelayMs: positive("retry.maxDelayMs", retry.maxDelayMs, 0),
      budgetMs: positive("retry.budgetMs", retry.budgetMs, 0),
    },
    rateLimit: {
      maxWaitMs: positive(
        "rateLimit.maxWaitMs",
        options.rateLimit?.maxWaitMs,
        DEFAULT_MAX_RATE_LIMIT_WAIT_MS,
      ),
      padMs: positive("rateLimit.padMs", options.rateLimit?.padMs, 1000),
      waitBeforeSend: options.rateLimit?.waitBeforeSend ?? true,
      budget: options.rateLimit?.budget,
    },
    hooks: options.hooks ?? {},
    validateResponse: responseCheckPolicy(options.validateResponses ?? true),
    concurrency: Math.max(1, positive("concurrency", options.concurrency, DEFAULT_CONCURRENCY)),
    maxDecompressedBytes: decompressedLimit(options.maxDecompressedBytes),
    clock: options.clock ?? Date.now,
    sleep: options.sleep ?? defaultSleep,
    random: options.random ?? Math.random,
  };
}
