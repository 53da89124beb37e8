import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { BadRequestError, ERROR_CODES, ForbiddenError, NotFoundError } from "../errors.js";
import { UnreadableBody } from "../http/json-body.js";
import { parseActivityActions } from "../services/activity-action-input.js";
import { recordActions } from "../services/activity-store.js";

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

/** Bytes of an actions body: 1,000 actions of the longest texts, with room to spare. */
const ACTIONS_BODY_LIMIT = 4 * 1_048_576;

/**
 * issue 18: `POST /_admin/activity/events` on the base host simulates activity (a profile
 * change, a direct message, a space starting or ending; body: services/activity-actions.ts):
 * one action as a JSON object, or up to ACTIVITY_ACTIONS_MAX as an array, stored in one
 * transaction (a bad item refuses all, naming its index and field). Answers 201 with the
 * events it stored, in id order. Off (404) unless ADS_API_ACTIVITY_ADMIN is set, and then
 * for loopback clients only.
 */
export function registerActivityAdminRoute(app: FastifyInstance, ctx: AppContext): void {
  app.post(
    "/_admin/activity/events",
    { config: { admin: true }, bodyLimit: ACTIONS_BODY_LIMIT },
    async (request, reply) => {
      if (ctx.config.activityAdmin !== true) {
        throw new NotFoundError("the activity admin endpoint is off (ADS_API_ACTIVITY_ADMIN)");
      }
      loopbackOnly(request);
      if (request.body instanceof UnreadableBody) throw request.body.toError();
      const parsed = parseActivityActions(request.body);
      if (!parsed.ok) throw new BadRequestError(parsed.errors);
      return reply.status(201).send(await recordActions(ctx, parsed.actions));
    },
  );
}
