import { validateParams } from "@adsgraph/models";
import type { AnyEndpoint } from "@adsgraph/models";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { statusOf } from "../analytics/jobs/job-present.js";
import type { AppContext } from "../context.js";
import { safeEqual, sha256Hex } from "../crypto/tokens.js";
import { BadRequestError, NotFoundError } from "../errors.js";
import { gatherParams } from "../http/request-params.js";
import { applyOAuthLimit } from "../rate-limits/oauth-limit.js";

/** `<job id>-<token>.json.gz`, as job-present.ts writes it. */
const RESULT_FILE = /^(\d{1,19})-([A-Za-z0-9_-]{16,128})\.json\.gz$/;

/** The one answer for every file that cannot be served: it tells nothing of which part was wrong. */
const gone = (file: string) =>
  new NotFoundError(`result file ${file} does not exist or has expired`, "result_file");

/**
 * Issue 36: a finished job's result file (`stats.jobs.result`, catalog auth `none`). The
 * vendor serves results from a file host without OAuth: the url is the capability, so only a
 * token whose SHA-256 matches the stored one opens it (compared in constant time), and only
 * until the job expires. Counted per client address like the credential endpoints, so tokens
 * cannot be guessed at speed. The body is the gzip bytes as stored, `application/gzip` with
 * no content-encoding: clients gunzip it, as with the vendor's file host.
 */
export function registerStatsResult(
  app: FastifyInstance,
  ctx: AppContext,
  endpoint: AnyEndpoint,
): void {
  app.route({
    method: endpoint.method,
    url: `/${endpoint.version ?? ""}${endpoint.path}`.replace(/^\/\//, "/"),
    config: { endpointId: endpoint.id },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      await applyOAuthLimit(ctx, request, reply, endpoint.id);
      const validation = validateParams(endpoint, gatherParams(endpoint, request), {
        now: ctx.clock(),
      });
      if (!validation.ok) throw BadRequestError.fromViolations(validation.violations);
      const file = String((validation.value as Record<string, unknown>).result_file);
      const match = RESULT_FILE.exec(file);
      if (match === null) throw gone(file);
      const [, jobId = "", token = ""] = match;
      const job = await ctx.prisma.statsJob.findUnique({ where: { id: jobId } });
      if (
        job === null ||
        job.resultTokenHash === null ||
        job.result === null ||
        !safeEqual(job.resultTokenHash, sha256Hex(token)) ||
        statusOf(job, ctx.clock()) !== "SUCCESS"
      ) {
        throw gone(file);
      }
      return reply
        .type("application/gzip")
        .header("cache-control", "private, no-store")
        .send(Buffer.from(job.result));
    },
  });
}
