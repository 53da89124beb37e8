import { pause, waitForBudget } from "./attempt.js";
import type { Call, Outcome } from "./attempt.js";
import { RestAbortedError } from "./errors.js";
import type { RetryReason } from "./hooks.js";
import { rateLimitGiveUp, transportFailure } from "./failures.js";
import { waitAfterLimitMs } from "./rate-limit.js";
import { backoffMs, shouldRetry } from "./retry.js";
import type { AttemptOutcome } from "./retry.js";
import { TransportError } from "./transport.js";

/** A layer around each attempt of one call; `next` sends (through the layers below) once more. */
export type AttemptLayer = (call: Call, next: () => Promise<Outcome>) => Promise<Outcome>;

const RETRY_REASONS: Record<AttemptOutcome["kind"], RetryReason> = {
  network: "network",
  timeout: "timeout",
  response: "server_error",
};

/** True when a retry after `delay` still fits the call's overall retry budget. */
function withinBudget(call: Call, delay: number): boolean {
  return call.ctx.config.clock() - call.started + delay <= call.policy.budgetMs;
}

/**
 * Retries what is safe to retry (`shouldRetry`): no answer (GETs, or any request never sent)
 * and 5xx answers to GETs, with backoff, within retry.maxRetries and retry.budgetMs. A lost
 * attempt that is not retried throws here; a 5xx not retried is left to the caller.
 */
export const retryLayer: AttemptLayer = async (call, next) => {
  const { config } = call.ctx;
  const { endpoint, site } = call.prepared;
  for (;;) {
    const outcome = await next();
    if (outcome instanceof TransportError) {
      const failure = outcome.failure;
      if (failure.kind === "aborted") throw new RestAbortedError(site);
      call.failures += 1;
      const lost: AttemptOutcome =
        failure.kind === "timeout" ? { kind: "timeout" } : { kind: "network", sent: failure.sent };
      const decision = shouldRetry(lost, call.failures, endpoint.method, call.policy);
      const delay = backoffMs(call.failures, call.policy, config.random);
      if (decision.retry && withinBudget(call, delay)) {
        const notSent = lost.kind === "network" && !lost.sent;
        await pause(call, delay, notSent ? "not_sent" : RETRY_REASONS[lost.kind], decision.reason);
        continue;
      }
      throw transportFailure(site, endpoint.method, failure, {
        attempts: call.attempt,
        timeoutMs: call.timeoutMs,
        reason: decision.reason,
      });
    }
    const { status } = outcome.answer;
    if (status < 500) return outcome;
    call.failures += 1;
    const retryAfterMs = outcome.observed?.retryAfterMs;
    const decision = shouldRetry(
      { kind: "response", status, retryAfterMs },
      call.failures,
      endpoint.method,
      call.policy,
    );
    const delay = Math.max(backoffMs(call.failures, call.policy, config.random), retryAfterMs ?? 0);
    if (!decision.retry || !withinBudget(call, delay)) return outcome;
    await pause(call, delay, "server_error", decision.reason, status);
  }
};

/**
 * A cached app-only token may have been invalidated elsewhere: after a 401 to a request that
 * sent one, the token is fetched anew once and the request sent again.
 */
export const bearerRefreshLayer: AttemptLayer = async (call, next) => {
  const outcome = await next();
  if (
    outcome instanceof TransportError ||
    outcome.answer.status !== 401 ||
    call.sentCachedBearer === undefined ||
    call.refreshedBearer
  )
    return outcome;
  call.refreshedBearer = true;
  call.ctx.auth.evictBearer(call.sentCachedBearer);
  await pause(call, 0, "auth_refresh", "401 with a cached bearer token: fetching a new one", 401);
  return next();
};

/**
 * Rate limits: waits for the reset before sending when the known budget is zero (never drawing
 * a 429), and after every 429 (the account reset wins), both within rateLimit.maxWaitMs.
 */
export const rateLimitLayer: AttemptLayer = async (call, next) => {
  const { config } = call.ctx;
  for (;;) {
    const waiting = waitForBudget(call);
    if (waiting !== undefined) await waiting;
    const outcome = await next();
    if (outcome instanceof TransportError || outcome.answer.status !== 429) return outcome;
    const { observed, rateLimit, requestId, at } = outcome;
    const wait =
      waitAfterLimitMs(observed, config.clock(), config.rateLimit.padMs) ??
      backoffMs(call.attempt, call.policy, config.random);
    if (call.waitedMs + wait > call.maxWaitMs) {
      const { status, text } = outcome.answer;
      throw rateLimitGiveUp(
        call.prepared.site,
        observed,
        { status, text, requestId, rateLimit, attempts: call.attempt, now: at },
        { waitedMs: call.waitedMs, maxWaitMs: call.maxWaitMs },
      );
    }
    await pause(call, wait, "rate_limit", "429: waiting for the rate-limit reset", 429);
    call.waitedMs += wait;
  }
};

/** Outermost first: retry wraps a bearer refresh, which wraps rate-limit waiting. */
export const ATTEMPT_LAYERS: readonly AttemptLayer[] = [
  retryLayer,
  bearerRefreshLayer,
  rateLimitLayer,
];
