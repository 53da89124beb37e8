import type { Middleware } from "@adsgraph/rest-client";
import { context, ROOT_CONTEXT } from "@opentelemetry/api";
import type { Context } from "@opentelemetry/api";

/**
 * The trace parent of a traced request's upstream calls, given to rest-client as the call's
 * send scope (undici's instrumentation reads the active context when a request is created,
 * and nothing carries it across an await: SyncContextManager). The parent is what is active
 * where the call starts, a loader batch's span (a batch function makes its calls before its
 * first await), else the operation's. The first of the request's layers, so it runs at the
 * call's start; a call that has a scope already (through an outer client's layers) keeps it.
 */
export function upstreamScope(operation: Context): Middleware {
  return (ctx, next) => {
    if (ctx.options.scope !== undefined) return next();
    const active = context.active();
    const parent = active === ROOT_CONTEXT ? operation : active;
    return next({
      options: { ...ctx.options, scope: (send) => context.with(parent, send) },
    });
  };
}
