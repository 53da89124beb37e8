import { randomUUID } from "node:crypto";
import type { ApolloServerPlugin } from "@apollo/server";
import { redactString } from "@adsgraph/oauth";
import type { FastifyBaseLogger } from "fastify";
import type { GraphQLError } from "graphql";
import { ERROR_CODES } from "./error-codes.js";
import { faultOf } from "./graphql-errors.js";

/** What the log keeps of a fault: its kind, message and stack, credentials masked. */
function logged(fault: Error): Record<string, string> {
  return {
    type: fault.name,
    message: redactString(fault.message),
    ...(fault.stack !== undefined && { stack: redactString(fault.stack) }),
  };
}

/**
 * Gives each answer holding an INTERNAL_SERVER_ERROR (whose message `formatError` made
 * generic) a request id, in those errors' `extensions.requestId` and the `x-request-id`
 * header, and logs the faults behind it under that id: what a client quotes finds the cause.
 */
export function unexpectedErrorsPlugin(log: FastifyBaseLogger): ApolloServerPlugin {
  return {
    requestDidStart: () => {
      let faults: Error[] = [];
      return Promise.resolve({
        didEncounterErrors: ({ errors }: { errors: readonly GraphQLError[] }) => {
          faults = errors.map(faultOf).filter((fault) => fault !== undefined);
          return Promise.resolve();
        },
        willSendResponse: ({ response }) => {
          if (response.body.kind !== "single") return Promise.resolve();
          const result = response.body.singleResult;
          const internal = (code: unknown) => code === ERROR_CODES.INTERNAL_SERVER_ERROR;
          if (!result.errors?.some((error) => internal(error.extensions?.code))) {
            return Promise.resolve();
          }
          const requestId = randomUUID();
          result.errors = result.errors.map((error) =>
            internal(error.extensions?.code)
              ? { ...error, extensions: { ...error.extensions, requestId } }
              : error,
          );
          response.http.headers.set("x-request-id", requestId);
          log.error({ requestId, faults: faults.map(logged) }, "unexpected error");
          return Promise.resolve();
        },
      });
    },
  };
}
