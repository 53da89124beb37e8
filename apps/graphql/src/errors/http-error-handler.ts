import { redactString } from "@adsgraph/oauth";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { GraphQLError } from "graphql";
import { ERROR_CODES } from "./error-codes.js";

/** The one message of an unexpected failure: its own stays in the log, under the request id. */
export const INTERNAL_MESSAGE = "Internal server error";

/** Routes answering GraphQL's error shape (`{ errors: [...] }`); the others answer `{ error }`. */
function answersGraphQL(request: FastifyRequest): boolean {
  // Requests refused before routing have no route options, whatever the type says.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
  return request.routeOptions?.url === "/graphql";
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === "number" ? status : undefined;
}

/**
 * Errors raised outside Apollo (body parsing, the nesting check, the auth routes, hooks):
 * - a refusal built as a GraphQLError (a body nested too deeply) leaves with its code, in the
 *   route's shape;
 * - any other client error (4xx: Fastify's own, the sign-in limit's 429) as Fastify answers it;
 * - anything else is a 500 with a generic message and the request id (also `x-request-id`),
 *   its details logged under that id, never answered: a stack overflow, a database error or a
 *   bug says nothing a client may read.
 */
export function registerHttpErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status = statusOf(error);
    if (status !== undefined && status >= 400 && status < 500) {
      if (error instanceof GraphQLError) {
        const { message, extensions } = error.toJSON();
        return reply
          .code(status)
          .send(
            answersGraphQL(request)
              ? { errors: [{ message, extensions }] }
              : { error: { code: extensions?.code, message } },
          );
      }
      // Fastify's own answer (and status) for its errors; objects thrown as answers go as they are.
      return reply.code(status).send(error);
    }
    const requestId = request.id;
    request.log.error(
      {
        requestId,
        err: {
          type: error instanceof Error ? error.name : typeof error,
          message: redactString(error instanceof Error ? error.message : String(error)),
          ...(error instanceof Error &&
            error.stack !== undefined && {
              stack: redactString(error.stack),
            }),
        },
      },
      "unexpected error",
    );
    const code = ERROR_CODES.INTERNAL_SERVER_ERROR;
    return reply
      .code(500)
      .header("x-request-id", requestId)
      .send(
        answersGraphQL(request)
          ? { errors: [{ message: INTERNAL_MESSAGE, extensions: { code, requestId } }] }
          : { error: { code, message: INTERNAL_MESSAGE, requestId } },
      );
  });
}
