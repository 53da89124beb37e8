import type { EndpointId } from "@adsgraph/models";
import type { CallOptions } from "./config.js";
import type { CallResult, ParamsOf } from "./call-types.js";
import type { NextChange } from "./compose.js";
import type { RestResponse } from "./response.js";

/** What a middleware sees of one call: its catalog id, validated parameters and options. */
export interface MiddlewareContext {
  readonly endpointId: EndpointId;
  /** The parameters after the catalog's validation (defaults applied); nothing is sent yet. */
  readonly params: Readonly<Record<string, unknown>>;
  readonly options: CallOptions;
}

/** The context of a call of one of the endpoints `Id`, parameters typed by the catalog. */
export interface EndpointContext<Id extends EndpointId> extends MiddlewareContext {
  readonly endpointId: Id;
  readonly params: ParamsOf<Id>;
}

/**
 * Goes on to the next layer (in the end: sign, send, wait out rate limits, retry). Call it
 * again to retry; pass `options` to change this call's options for the layers below.
 */
export type Next = (change?: NextChange) => Promise<RestResponse<unknown>>;

/**
 * A layer around every call of a client: it may answer without sending (a cache), call `next`
 * once (observe), several times (retry), or not at all and throw. Whatever it throws reaches
 * the caller unchanged.
 */
export type Middleware = (ctx: MiddlewareContext, next: Next) => Promise<RestResponse<unknown>>;

/** The answer of a middleware that answers without sending (a cache, a test double). */
export function answerWith<T>(body: T, status = 200): RestResponse<T> {
  return { status, body, headers: {}, requestId: undefined, rateLimit: undefined, attempts: 0 };
}

/** A middleware for the listed endpoints only, typed by their ids; other calls pass through. */
export function forEndpoints<const Id extends EndpointId>(
  ids: readonly Id[],
  layer: (
    ctx: EndpointContext<Id>,
    next: (change?: NextChange) => Promise<RestResponse<CallResult<Id>>>,
  ) => Promise<RestResponse<CallResult<Id>>>,
): Middleware {
  const wanted = new Set<EndpointId>(ids);
  // The catalog validated `params` for this very id, so they have its parameter type.
  const isWanted = (ctx: MiddlewareContext): ctx is EndpointContext<Id> =>
    wanted.has(ctx.endpointId);
  return (ctx, next) =>
    isWanted(ctx)
      ? layer(ctx, (change) => next(change) as Promise<RestResponse<CallResult<Id>>>)
      : next();
}
