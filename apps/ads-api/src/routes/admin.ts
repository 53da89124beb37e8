import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { ERROR_CODES, ForbiddenError } from "../errors.js";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

function loopbackOnly(request: FastifyRequest): void {
  if (!LOOPBACK.has(request.socket.remoteAddress ?? "")) {
    throw new ForbiddenError(
      ERROR_CODES.UNAUTHORIZED_ACCESS,
      "the admin endpoints answer loopback clients only",
    );
  }
}

/**
 * The request log over HTTP (loopback clients only): `GET /_admin/requests` answers the counts
 * (`?entries=true` adds the recent entries), `DELETE /_admin/requests` resets them. These
 * requests are not counted themselves.
 */
export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get("/_admin/requests", { config: { admin: true } }, (request) => {
    loopbackOnly(request);
    const query = request.query as Record<string, string | undefined>;
    return {
      ...ctx.requestLog.counts(),
      ...(query.entries === "true" ? { entries: ctx.requestLog.entries() } : {}),
    };
  });
  app.delete("/_admin/requests", { config: { admin: true } }, (request) => {
    loopbackOnly(request);
    ctx.requestLog.reset();
    return { reset: true };
  });
}
