import { trace, type Context } from "@opentelemetry/api";
import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

/** What @fastify/otel adds to a request when tracing runs (absent otherwise). */
interface TracedRequest {
  opentelemetry?: () => { context?: Context | null };
}

/**
 * The request's trace as OpenTelemetry's log conventions name it (`trace_id`, `span_id`,
 * `trace_flags`), when it is traced: a trace not sampled (docs/operations.md "Sampling") still
 * has its id, so a failed request's log line leads to its caller's trace, or to a rerun.
 */
function traceFields(request: FastifyRequest) {
  const otel = (request as TracedRequest).opentelemetry?.();
  const span = otel?.context ? trace.getSpanContext(otel.context) : undefined;
  if (span === undefined) return undefined;
  return {
    trace_id: span.traceId,
    span_id: span.spanId,
    trace_flags: span.traceFlags.toString(16).padStart(2, "0"),
  };
}

/**
 * One log line per request: Fastify's "incoming request" line is folded into "request
 * completed", which then names the request too. Half the logging cost of every request, and
 * nothing lost (a request that never completes is logged by the error paths as before).
 */
export class OneLineLogController extends LogController {
  override incomingRequest(): void {
    // Logged once, at completion.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const fields = {
      req: request,
      res: reply,
      responseTime: reply.elapsedTime,
      ...traceFields(request),
    };
    if (error) reply.log.error({ ...fields, err: error }, "request errored");
    else reply.log.info(fields, "request completed");
  }
}
