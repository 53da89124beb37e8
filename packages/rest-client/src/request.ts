import type { AnyEndpoint } from "@adsgraph/models";
import { attempt, eventBase, pause, waitForBudget } from "./attempt.js";
import type { Call, RequestContext } from "./attempt.js";
import type { CallOptions } from "./config.js";
import { RestAbortedError, RestProtocolError, toRestClientError } from "./errors.js";
import { answerFailure, rateLimitGiveUp, transportFailure } from "./failures.js";
import { emit } from "./hooks.js";
import type { Hooks, RetryReason } from "./hooks.js";
import { prepareRequest } from "./prepare.js";
import { parseRateLimitHeaders, waitAfterLimitMs } from "./rate-limit.js";
import type { RateLimitState } from "./rate-limit.js";
import { scrubError, secretScrubber } from "./redaction.js";
import { decodeBody, requestIdOf } from "./response.js";
import { backoffMs, shouldRetry } from "./retry.js";
import type { AttemptOutcome } from "./retry.js";
import { TransportError } from "./transport.js";

export type { RequestContext } from "./attempt.js";

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

const RETRY_REASONS: Record<AttemptOutcome["kind"], RetryReason> = {
  network: "network",
  timeout: "timeout",
  response: "server_error",
};

/**
 * The one request function: validate, lay out, wait out a known-zero budget, sign, send with
 * a timeout, record rate-limit headers, retry what is safe to retry, and decode the answer.
 */
export async function request(
  ctx: RequestContext,
  endpoint: AnyEndpoint,
  params: unknown,
  options: CallOptions = {},
): Promise<RestResponse<unknown>> {
  const { config } = ctx;
  const hooks: Hooks[] = options.hooks ? [config.hooks, options.hooks] : [config.hooks];
  const started = config.clock();
  const secrets = [
    config.auth.consumer?.consumerSecret,
    config.auth.token?.token,
    config.auth.token?.tokenSecret,
    config.auth.bearerToken,
    options.token?.token,
    options.token?.tokenSecret,
  ];
  let call: Call | undefined;
  try {
    const prepared = prepareRequest(endpoint, params, config.hosts, options.validate);
    call = {
      ctx,
      prepared,
      options,
      hooks,
      policy: { ...config.retry, ...options.retry },
      maxWaitMs: options.rateLimit?.maxWaitMs ?? config.rateLimit.maxWaitMs,
      timeoutMs: options.timeoutMs ?? config.timeoutMs,
      started,
      secrets,
      attempt: 0,
      failures: 0,
      waitedMs: 0,
      refreshedBearer: false,
      sentCachedBearer: false,
    };
    return await run(call);
  } catch (error) {
    const failure = scrubError(toRestClientError(error), secretScrubber(secrets));
    const site = call?.prepared.site ?? {
      endpointId: endpoint.id,
      method: endpoint.method,
      path: endpoint.path,
    };
    const attempt = call?.attempt ?? 0;
    emit(hooks, "onError", {
      ...site,
      url: call?.prepared.redactedUrl ?? site.path,
      attempt,
      error: failure,
      durationMs: config.clock() - started,
      retries: Math.max(0, attempt - 1),
    });
    throw failure;
  }
}

/** True when a retry after `delay` still fits the call's overall retry budget. */
function withinBudget(call: Call, delay: number): boolean {
  return call.ctx.config.clock() - call.started + delay <= call.policy.budgetMs;
}

async function run(call: Call): Promise<RestResponse<unknown>> {
  const { config, rateLimits } = call.ctx;
  const { endpoint, site, accountId } = call.prepared;
  for (;;) {
    if (call.options.signal?.aborted === true) throw new RestAbortedError(site);
    await waitForBudget(call);
    const sentAt = config.clock();
    const answer = await attempt(call);

    if (answer instanceof TransportError) {
      const failure = answer.failure;
      if (failure.kind === "aborted") throw new RestAbortedError(site);
      call.failures += 1;
      const outcome: AttemptOutcome =
        failure.kind === "timeout" ? { kind: "timeout" } : { kind: "network", sent: failure.sent };
      const decision = shouldRetry(outcome, call.failures, endpoint.method, call.policy);
      const delay = backoffMs(call.failures, call.policy, config.random);
      if (decision.retry && withinBudget(call, delay)) {
        const notSent = outcome.kind === "network" && !outcome.sent;
        await pause(
          call,
          delay,
          notSent ? "not_sent" : RETRY_REASONS[outcome.kind],
          decision.reason,
        );
        continue;
      }
      throw transportFailure(site, endpoint.method, failure, {
        attempts: call.attempt,
        timeoutMs: call.timeoutMs,
        reason: decision.reason,
      });
    }

    const now = config.clock();
    const observed = parseRateLimitHeaders(answer.headers, now);
    const rateLimit = observed
      ? rateLimits.record(endpoint.id, accountId, observed)
      : rateLimits.get(endpoint.id, accountId);
    const requestId = requestIdOf(answer.headers);
    const { status } = answer;
    const context = { status, text: answer.text, requestId, rateLimit, attempts: call.attempt };
    emit(call.hooks, "onResponse", {
      ...eventBase(call),
      status,
      durationMs: now - sentAt,
      retries: call.attempt - 1,
      requestId,
      rateLimit,
    });
    const meta = {
      status,
      headers: answer.headerRecord,
      requestId,
      rateLimit,
      attempts: call.attempt,
    };

    // A browser page (spec §4.1 authenticate) may answer with a redirect: its Location header
    // is in `client.request(...).headers`.
    const redirectPage = endpoint.response.kind === "html" && status >= 300 && status < 400;
    if ((status >= 200 && status < 300) || redirectPage) {
      if (answer.stream !== undefined) {
        return { ...meta, body: undefined, stream: answer.stream, close: answer.close };
      }
      const decoded = decodeBody(endpoint, answer.text, config.validateResponses);
      if (!decoded.ok) throw new RestProtocolError(site, decoded.problem, { status, requestId });
      return { ...meta, body: decoded.value };
    }

    if (status === 429) {
      // Every 429, not only the first: wait for the reset (account reset wins), bounded by time.
      const wait =
        waitAfterLimitMs(observed, config.clock(), config.rateLimit.padMs) ??
        backoffMs(call.attempt, call.policy, config.random);
      if (call.waitedMs + wait > call.maxWaitMs) {
        throw rateLimitGiveUp(
          site,
          observed,
          { ...context, now },
          {
            waitedMs: call.waitedMs,
            maxWaitMs: call.maxWaitMs,
          },
        );
      }
      await pause(call, wait, "rate_limit", "429: waiting for the rate-limit reset", status);
      call.waitedMs += wait;
      continue;
    }

    if (status === 401 && call.sentCachedBearer && !call.refreshedBearer) {
      // A cached app-only token may have been invalidated elsewhere: fetch a fresh one once.
      call.refreshedBearer = true;
      call.ctx.auth.evictBearer();
      await pause(
        call,
        0,
        "auth_refresh",
        "401 with a cached bearer token: fetching a new one",
        status,
      );
      continue;
    }

    if (status >= 500) {
      call.failures += 1;
      const retryAfterMs = observed?.retryAfterMs;
      const outcome: AttemptOutcome = { kind: "response", status, retryAfterMs };
      const decision = shouldRetry(outcome, call.failures, endpoint.method, call.policy);
      const delay = Math.max(
        backoffMs(call.failures, call.policy, config.random),
        retryAfterMs ?? 0,
      );
      if (decision.retry && withinBudget(call, delay)) {
        await pause(call, delay, "server_error", decision.reason, status);
        continue;
      }
    }

    throw answerFailure(site, context);
  }
}
