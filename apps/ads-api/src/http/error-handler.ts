import { redact } from "@adsgraph/oauth";
import type {
  FastifyContextConfig,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from "fastify";
import { ApiError, BadRequestError, ERROR_CODES } from "../errors.js";
import { renderErrorPage } from "../oauth-pages/html.js";

// Route config flags read by the hooks and the error handler, declared on Fastify's own route
// config so that routes may set them even where another plugin augments it too (the bench
// compiles ads-api together with the facade's @fastify/rate-limit).
declare module "fastify" {
  interface FastifyContextConfig {
    /** The catalog id, when the route is a catalog endpoint (request log, rate-limit family). */
    endpointId?: string;
    /** A browser page: errors are answered as HTML. */
    html?: boolean;
    /** An admin route: not recorded in the request log. */
    admin?: boolean;
    /** Why the route reads bodies up to its own limit (a 413 says it beside the limit). */
    bodyLimitRule?: string;
  }
}

export type RouteFlags = Readonly<
  Pick<FastifyContextConfig, "endpointId" | "html" | "admin" | "bodyLimitRule">
>;

export function routeFlags(request: FastifyRequest): RouteFlags {
  // Requests refused before routing (a bad URL) have no route config, whatever the type says.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
  return request.routeOptions.config ?? {};
}

/**
 * A 413's message: the route's limit in bytes, and why when the route says (a body is only
 * read once the request is routed, so the route's options are there).
 */
function tooLargeMessage(request: FastifyRequest): string {
  const rule = routeFlags(request).bodyLimitRule;
  const why = rule === undefined ? "" : ` (${rule})`;
  return `the request body is too large: this endpoint reads at most ${request.routeOptions.bodyLimit} bytes${why}`;
}

function fromFastify(error: FastifyError, request: FastifyRequest): ApiError | undefined {
  const status = error.statusCode;
  if (status === undefined || status < 400 || status >= 500) return undefined;
  const fastifyCode = typeof error.code === "string" ? error.code : "";
  const code =
    status === 413 || status === 415 || fastifyCode.startsWith("FST_ERR_CTP")
      ? ERROR_CODES.INVALID_BODY
      : ERROR_CODES.INVALID_PARAMETER;
  const message = status === 413 ? tooLargeMessage(request) : error.message;
  return new ApiError(status, [{ code, message }]);
}

/**
 * Errors Fastify raises before a route runs (Fastify's `frameworkErrors` option): a path whose
 * percent-encoding is not UTF-8, or a path parameter past the router's length limit, answered
 * as 400s in this service's error body instead of Fastify's own shape.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const message =
    error.code === "FST_ERR_BAD_URL"
      ? "the path is not valid percent-encoded UTF-8"
      : error.code === "FST_ERR_MAX_PARAM_LENGTH"
        ? "a path parameter is too long"
        : "the request could not be routed";
  const answer = BadRequestError.of(ERROR_CODES.INVALID_PARAMETER, message);
  void reply.status(answer.status).send(answer.body());
}

/**
 * What an unexpected failure answers: a generic message and the request id (also in
 * `x-request-id`, which rest-client keeps on its errors), under which the log holds the cause.
 */
export function internalError(requestId: string): ApiError {
  return new ApiError(
    500,
    [
      {
        code: ERROR_CODES.INTERNAL_ERROR,
        message: `internal error (request id ${requestId}): the cause is logged, not answered`,
      },
    ],
    { "x-request-id": requestId },
  );
}

/**
 * The one place errors become HTTP answers: ApiError subclasses carry their status and
 * entries; Fastify's own 4xx (body parsing) become INVALID_BODY; anything else (a database
 * error, an overflowed stack, a bug) is a 500 with a generic message and the request id, whose
 * details go to the log (redacted) under that id, never to the client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const apiError = error instanceof ApiError ? error : fromFastify(error, request);
    if (apiError === undefined) {
      request.log.error({ err: redact(error), requestId: request.id }, "unhandled error");
    }
    const answer = apiError ?? internalError(request.id);
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
