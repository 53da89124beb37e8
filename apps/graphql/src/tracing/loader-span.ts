import { SpanStatusCode } from "@opentelemetry/api";
import { tracer } from "./tracer.js";

/**
 * A DataLoader batch function in a span of its own (`loader.batch <name>`), a child of what is
 * active where the batch was scheduled: the operation that asked first. The upstream calls
 * the batch makes are its children. Keys are not recorded (ids, no secrets, but many): their
 * count is. Without a started SDK the span is the API's no-op one.
 */
export function tracedBatch<K, R>(
  name: string,
  batch: (keys: readonly K[]) => Promise<R>,
): (keys: readonly K[]) => Promise<R> {
  return (keys) =>
    tracer.startActiveSpan(
      `loader.batch ${name}`,
      { attributes: { "graphql.loader.name": name, "graphql.loader.batch.size": keys.length } },
      async (span) => {
        try {
          return await batch(keys);
        } catch (error) {
          span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
          throw error;
        } finally {
          span.end();
        }
      },
    );
}
