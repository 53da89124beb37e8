import type { AnyEndpoint } from "@adsgraph/models";
import type { Authenticator } from "./auth.js";
import type { CallOptions, ResolvedConfig } from "./config.js";
import { RestAbortedError, RestRateLimitError } from "./errors.js";
import { emit, hasHook } from "./hooks.js";
import type { Hooks, RetryReason } from "./hooks.js";
import type { PreparedRequest } from "./prepare.js";
import { budgetKeyFor } from "./rate-budget.js";
import type { RateLimitBudget, RateLimitBudgetKey } from "./rate-budget.js";
import { parseRateLimitHeaders, resetDate, waitBeforeSendMs } from "./rate-limit.js";
import type { RateLimitBook, RateLimitObservation, RateLimitState } from "./rate-limit.js";
import { requestIdOf } from "./response.js";
import type { RetryPolicy } from "./retry.js";
import { TransportError } from "./transport.js";
import type { IncomingAnswer, Transport } from "./transport.js";

/** What every call of one client shares. */
export interface RequestContext {
  readonly config: ResolvedConfig;
  readonly transport: Transport;
  readonly rateLimits: RateLimitBook;
  readonly auth: Authenticator;
}

/** The running state of one call across its attempts. */
export interface Call {
  readonly ctx: RequestContext;
  readonly prepared: PreparedRequest;
  readonly options: CallOptions;
  readonly hooks: readonly Hooks[];
  readonly policy: RetryPolicy;
  readonly maxWaitMs: number;
  readonly timeoutMs: number;
  readonly started: number;
  /** Credentials seen during the call (a fetched bearer token), masked in any error. */
  readonly secrets: Array<string | undefined>;
  /** Where the call reserves in `rateLimit.budget`; undefined without one (or for none). */
  readonly budgetKey: RateLimitBudgetKey | undefined;
  attempt: number;
  /** Attempts counted against retry.maxRetries (429 waits are not). */
  failures: number;
  /** Time spent waiting for rate-limit resets, against rateLimit.maxWaitMs. */
  waitedMs: number;
  refreshedBearer: boolean;
  /** The bearer token from the cache the last attempt sent, if it sent one. */
  sentCachedBearer: string | undefined;
}

const ACCEPT: Partial<Record<AnyEndpoint["response"]["kind"], string>> = {
  html: "text/html",
  form: "application/x-www-form-urlencoded, */*;q=0.5",
  stream: "application/x-ndjson, application/json",
};

/** The secret-free fields every hook event of this call carries. */
export function eventBase(call: Call) {
  const { site, redactedUrl } = call.prepared;
  return { ...site, url: redactedUrl, attempt: call.attempt };
}

/** Announces a wait through onRetry, then waits; the caller's abort ends it. */
export async function pause(
  call: Call,
  ms: number,
  reason: RetryReason,
  detail: string,
  status?: number,
): Promise<void> {
  if (hasHook(call.hooks, "onRetry"))
    emit(call.hooks, "onRetry", { ...eventBase(call), reason, detail, delayMs: ms, status });
  try {
    await call.ctx.config.sleep(ms, call.options.signal);
  } catch {
    throw new RestAbortedError(call.prepared.site);
  }
}

/** Waits `ms` before sending, or throws when that would pass the call's maxWaitMs. */
async function waitBeforeSending(call: Call, ms: number, detail: string): Promise<void> {
  const { config, rateLimits } = call.ctx;
  const { endpoint, accountId, site } = call.prepared;
  if (call.waitedMs + ms > call.maxWaitMs) {
    const known = rateLimits.get(endpoint.id, accountId);
    throw new RestRateLimitError(site, {
      resetAt: resetDate(known) ?? new Date(config.clock() + ms),
      waitedMs: call.waitedMs,
      maxWaitMs: call.maxWaitMs,
      sent: false,
      rateLimit: known,
    });
  }
  await pause(call, ms, "rate_limit", detail);
  call.waitedMs += ms;
}

/**
 * Waits while the budget says so, within maxWaitMs, never drawing a 429: a shared budget
 * (`rateLimit.budget`) counts this attempt or names the wait; the client's own book waits for
 * the reset when the known budget is zero (without a shared budget, or while it is unreachable).
 * Undefined when there is nothing to wait for (the common case: no promise to await).
 */
export function waitForBudget(call: Call): Promise<void> | undefined {
  const { config } = call.ctx;
  if (!config.rateLimit.waitBeforeSend) return undefined;
  if (creditedAttempt(call)) return undefined;
  const { budget } = config.rateLimit;
  if (budget !== undefined && call.budgetKey !== undefined)
    return waitForSharedBudget(call, budget, call.budgetKey);
  return waitForOwnBook(call);
}

async function waitForSharedBudget(
  call: Call,
  budget: RateLimitBudget,
  key: RateLimitBudgetKey,
): Promise<void> {
  for (;;) {
    let wait: number;
    try {
      wait = await budget.reserve(key);
    } catch {
      // The shared budget is unreachable: this attempt goes by the client's own book.
      break;
    }
    if (wait <= 0) return;
    await waitBeforeSending(call, wait, "the shared budget says wait: spent, or being probed");
  }
  await waitForOwnBook(call);
}

function waitForOwnBook(call: Call): Promise<void> | undefined {
  const { config, rateLimits } = call.ctx;
  const { endpoint, accountId } = call.prepared;
  const known = rateLimits.get(endpoint.id, accountId);
  const wait = waitBeforeSendMs(known, config.clock(), config.rateLimit.padMs);
  if (wait <= 0) return undefined;
  return waitBeforeSending(call, wait, "the known budget is zero: waiting for the reset");
}

/** Whether the call's credit counts this attempt already (then nothing is reserved or waited). */
function creditedAttempt(call: Call): boolean {
  const credit = call.options.rateLimit?.credit;
  if (credit === undefined) return false;
  const { endpoint, accountId } = call.prepared;
  // Without a shared budget the call has no key of its own: its windows are named the same way.
  const key =
    call.budgetKey ??
    budgetKeyFor({
      endpoint,
      accountId,
      principal: call.ctx.auth.principal(endpoint, call.options.token),
    });
  return key !== undefined && credit.take(key);
}

/** What one attempt came back with: an answer (its rate-limit headers recorded), or no answer. */
export type Outcome = Answered | TransportError;

export interface Answered {
  readonly answer: IncomingAnswer;
  readonly observed: RateLimitObservation | undefined;
  readonly rateLimit: RateLimitState | undefined;
  readonly requestId: string | undefined;
  /** When the answer arrived. */
  readonly at: number;
}

/**
 * Sends one attempt (the innermost layer): signs, sends with the timeout, records the answer's
 * rate-limit headers and reports it through onResponse.
 */
export async function attempt(call: Call): Promise<Outcome> {
  const { ctx, prepared, options } = call;
  const { endpoint, site, accountId } = prepared;
  if (options.signal?.aborted === true) throw new RestAbortedError(site);
  const sentAt = ctx.config.clock();
  call.attempt += 1;
  // Signing is synchronous; only an app-only bearer token being fetched is waited for.
  const pending = ctx.auth.authorize(endpoint, prepared, options.token, options.signal);
  const auth =
    pending instanceof Promise
      ? await pending.catch((error: unknown) => {
          if (options.signal?.aborted === true) throw new RestAbortedError(site);
          throw error;
        })
      : pending;
  call.secrets.push(auth.secret);
  call.sentCachedBearer = auth.cachedBearer === true ? auth.secret : undefined;
  const headers: Record<string, string> = {
    "user-agent": ctx.config.userAgent,
    accept: ACCEPT[endpoint.response.kind] ?? "application/json",
  };
  if (auth.authorization !== undefined) headers.authorization = auth.authorization;
  if (prepared.contentType !== undefined) headers["content-type"] = prepared.contentType;
  ctx.rateLimits.reserve(endpoint.id, accountId, ctx.config.clock());
  if (hasHook(call.hooks, "onRequest")) emit(call.hooks, "onRequest", eventBase(call));
  let answer: IncomingAnswer;
  try {
    answer = await ctx.transport.send({
      method: prepared.method,
      url: prepared.url,
      headers,
      body: prepared.body,
      timeoutMs: call.timeoutMs,
      signal: options.signal,
      scope: options.scope,
      mode: endpoint.response.kind === "stream" ? "stream" : "text",
    });
  } catch (error) {
    if (!(error instanceof TransportError)) throw error;
    if (error.failure.kind === "aborted") throw new RestAbortedError(site);
    return error;
  }
  const at = ctx.config.clock();
  const observed = parseRateLimitHeaders(answer.headers, at);
  const rateLimit = observed
    ? ctx.rateLimits.record(endpoint.id, accountId, observed)
    : ctx.rateLimits.get(endpoint.id, accountId);
  const { budget } = ctx.config.rateLimit;
  if (budget !== undefined && call.budgetKey !== undefined) {
    // Before the caller goes on, so the next reserve sees it; a store that is down is no error.
    await budget.record(call.budgetKey, { status: answer.status, observed }).catch(() => undefined);
  }
  const requestId = requestIdOf(answer.headers);
  if (hasHook(call.hooks, "onResponse")) {
    emit(call.hooks, "onResponse", {
      ...eventBase(call),
      status: answer.status,
      durationMs: at - sentAt,
      retries: call.attempt - 1,
      requestId,
      rateLimit,
    });
  }
  return { answer, observed, rateLimit, requestId, at };
}
