import { redact } from "@adsgraph/oauth";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError, ERROR_CODES } from "../errors.js";
import { renderErrorPage } from "../oauth-pages/html.js";

/** Route config flags read by the hooks and the error handler. */
export interface RouteFlags {
  /** The catalog id, when the route is a catalog endpoint (request log, rate-limit family). */
  readonly endpointId?: string;
  /** A browser page: errors are answered as HTML. */
  readonly html?: boolean;
}

export function routeFlags(request: FastifyRequest): RouteFlags {
  return request.routeOptions.config as RouteFlags;
}

function fromFastify(error: FastifyError): ApiError | undefined {
  const status = error.statusCode;
  if (status === undefined || status < 400 || status >= 500) return undefined;
  const code =
    status === 413 || status === 415 || error.code.startsWith("FST_ERR_CTP")
      ? ERROR_CODES.INVALID_BODY
      : ERROR_CODES.INVALID_PARAMETER;
  return new ApiError(status, [{ code, message: error.message }]);
}

/**
 * The one place errors become HTTP answers: ApiError subclasses carry their status and
 * entries; Fastify's own 4xx (body parsing) become INVALID_BODY; anything else is a 500 whose
 * details go to the log (redacted), never to the client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const apiError = error instanceof ApiError ? error : fromFastify(error);
    if (apiError === undefined) {
      request.log.error({ err: redact(error) }, "unhandled error");
    }
    const answer =
      apiError ??
      new ApiError(500, [{ code: ERROR_CODES.INTERNAL_ERROR, message: "internal error" }]);
    void reply.status(answer.status).headers(answer.headers);
    if (routeFlags(request).html === true) {
      return reply.type("text/html; charset=utf-8").send(
        renderErrorPage(
          answer.status,
          answer.errors.map((entry) => entry.message),
        ),
      );
    }
    return reply.send(answer.body());
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      errors: [
        {
          code: ERROR_CODES.NOT_FOUND,
          message: `no endpoint ${request.method} ${request.url.split("?")[0] ?? ""} on this host`,
        },
      ],
    }),
  );
}
