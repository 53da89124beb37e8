import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

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
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, "request errored");
    else reply.log.info(fields, "request completed");
  }
}
