import { context, SpanStatusCode, trace } from "@opentelemetry/api";
import type { Context } from "@opentelemetry/api";
import { tracer } from "./tracer.js";

/**
 * A DataLoader batch function in a span of its own (`loader.batch <name>`), a child of
 * `parent`, the operation's context (handed on explicitly: a batch runs ticks after the load
 * that scheduled it, and no context follows an await). The batch function starts with its
 * span active, so the upstream calls it makes are its children (upstream-scope.ts). Keys are
 * not recorded (ids, no secrets, but many): their count is. Untraced (no parent), or in a trace
 * not sampled (its child would not be either, parent-based): the batch function itself, no
 * span at all; its upstream calls take the operation as parent (upstream-scope.ts), so ads-api
 * still follows the unsampled trace.
 */
export function tracedBatch<K, R>(
  name: string,
  batch: (keys: readonly K[]) => Promise<R>,
  parent: Context | undefined,
): (keys: readonly K[]) => Promise<R> {
  if (parent === undefined || trace.getSpan(parent)?.isRecording() !== true) return batch;
  return async (keys) => {
    const span = tracer.startSpan(
      `loader.batch ${name}`,
      { attributes: { "graphql.loader.name": name, "graphql.loader.batch.size": keys.length } },
      parent,
    );
    try {
      return await context.with(trace.setSpan(parent, span), () => batch(keys));
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  };
}
