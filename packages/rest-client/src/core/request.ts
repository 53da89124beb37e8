import { getEndpoint } from "@adsgraph/models";
import type { AnyEndpoint, EndpointId } from "@adsgraph/models";
import { attempt } from "./attempt.js";
import type { Call, RequestContext } from "./attempt.js";
import { decompressedLimit } from "./config.js";
import type { CallOptions } from "./config.js";
import { RestProtocolError, toRestClientError } from "./errors.js";
import { answerFailure } from "./failures.js";
import { binaryAnswerText } from "./gunzip.js";
import { emit } from "./hooks.js";
import type { Hooks } from "./hooks.js";
import { ATTEMPT_LAYERS } from "./layers.js";
import { compose, passThrough } from "./compose.js";
import type { Middleware, MiddlewareContext } from "./middleware.js";
import { layOut, validateCall } from "./prepare.js";
import { budgetKeyFor } from "./rate-budget.js";
import { scrubError, secretScrubber } from "./redaction.js";
import { decodeBody } from "./response.js";
import type { RestResponse } from "./response.js";
import { TransportError } from "./transport.js";

const sendAttempts = compose<Call, Promise<Awaited<ReturnType<typeof attempt>>>>(
  ATTEMPT_LAYERS,
  attempt,
);

/**
 * One call: validate (RestValidationError, nothing sent), then the client's middleware, then
 * the request itself.
 */
export async function callEndpoint(
  ctx: RequestContext,
  endpointId: EndpointId,
  params: unknown,
  options: CallOptions,
  middleware: readonly Middleware[],
): Promise<RestResponse<unknown>> {
  const endpoint = getEndpoint(endpointId);
  const started = ctx.config.clock();
  let validated: Record<string, unknown>;
  try {
    validated = validateCall(endpoint, params, options.validate);
  } catch (error) {
    throw report(ctx, endpoint, options, started, error, undefined);
  }
  const run = compose<MiddlewareContext, Promise<RestResponse<unknown>>>(middleware, (last) =>
    request(ctx, endpoint, validated, last.options),
  );
  try {
    return await run({ endpointId, params: validated, options });
  } catch (error) {
    throw passThrough(error);
  }
}

function secretsOf(ctx: RequestContext, options: CallOptions): Array<string | undefined> {
  const { auth } = ctx.config;
  return [
    auth.consumer?.consumerSecret,
    auth.token?.token,
    auth.token?.tokenSecret,
    auth.bearerToken,
    options.token?.token,
    options.token?.tokenSecret,
  ];
}

function hooksOf(ctx: RequestContext, options: CallOptions): Hooks[] {
  return options.hooks ? [ctx.config.hooks, options.hooks] : [ctx.config.hooks];
}

/** The failure as the caller sees it (typed, secrets masked), announced through onError. */
function report(
  ctx: RequestContext,
  endpoint: AnyEndpoint,
  options: CallOptions,
  started: number,
  error: unknown,
  call: Call | undefined,
): Error {
  const secrets = call?.secrets ?? secretsOf(ctx, options);
  const failure = scrubError(toRestClientError(error), secretScrubber(secrets));
  const site = call?.prepared.site ?? {
    endpointId: endpoint.id,
    method: endpoint.method,
    path: endpoint.path,
  };
  const attemptNo = call?.attempt ?? 0;
  emit(call?.hooks ?? hooksOf(ctx, options), "onError", {
    ...site,
    url: call?.prepared.redactedUrl ?? site.path,
    attempt: attemptNo,
    error: failure,
    durationMs: ctx.config.clock() - started,
    retries: Math.max(0, attemptNo - 1),
  });
  return failure;
}

/**
 * The request of validated parameters: lay out, sign, send with a timeout, through the
 * attempt layers (retry, bearer refresh, rate-limit waits), and decode the answer.
 */
export async function request(
  ctx: RequestContext,
  endpoint: AnyEndpoint,
  validated: Record<string, unknown>,
  options: CallOptions = {},
): Promise<RestResponse<unknown>> {
  const { config } = ctx;
  const started = config.clock();
  let call: Call | undefined;
  try {
    const prepared = layOut(endpoint, validated, config.hosts, options.url);
    // Checked before sending: a bad per-call limit must not cost a request.
    const gunzipLimit =
      options.maxDecompressedBytes === undefined
        ? config.maxDecompressedBytes
        : decompressedLimit(options.maxDecompressedBytes);
    call = {
      ctx,
      prepared,
      options,
      hooks: hooksOf(ctx, options),
      policy: { ...config.retry, ...options.retry },
      maxWaitMs: options.rateLimit?.maxWaitMs ?? config.rateLimit.maxWaitMs,
      timeoutMs: options.timeoutMs ?? config.timeoutMs,
      started,
      secrets: secretsOf(ctx, options),
      budgetKey:
        config.rateLimit.budget === undefined
          ? undefined
          : budgetKeyFor({
              endpoint,
              accountId: prepared.accountId,
              principal: ctx.auth.principal(endpoint, options.token),
            }),
      attempt: 0,
      failures: 0,
      waitedMs: 0,
      refreshedBearer: false,
      sentCachedBearer: undefined,
    };
    return await answerOf(call, await sendAttempts(call), gunzipLimit);
  } catch (error) {
    throw report(ctx, endpoint, options, started, error, call);
  }
}

/** The decoded answer of a call's last attempt, or its typed failure. */
async function answerOf(
  call: Call,
  outcome: Awaited<ReturnType<typeof attempt>>,
  gunzipLimit: number,
): Promise<RestResponse<unknown>> {
  // The retry layer throws for every lost attempt it does not retry.
  if (outcome instanceof TransportError) throw outcome;
  const { endpoint, site } = call.prepared;
  const { answer, observed, rateLimit, requestId } = outcome;
  const { status } = answer;
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
    let text = answer.text;
    if (answer.bytes !== undefined) {
      const binary = await binaryAnswerText(answer.bytes, gunzipLimit);
      if (!binary.ok) throw new RestProtocolError(site, binary.problem, { status, requestId });
      text = binary.value as string;
    }
    const decoded = decodeBody(endpoint, text, call.ctx.config.validateResponse(endpoint.id));
    if (!decoded.ok) throw new RestProtocolError(site, decoded.problem, { status, requestId });
    return { ...meta, body: decoded.value };
  }
  throw answerFailure(site, {
    status,
    text: answer.text,
    requestId,
    rateLimit,
    retryAfterMs: observed?.retryAfterMs,
    attempts: call.attempt,
  });
}
