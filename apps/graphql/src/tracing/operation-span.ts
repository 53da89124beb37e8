import type { ApolloServerPlugin } from "@apollo/server";
import { context, SpanStatusCode, trace } from "@opentelemetry/api";
import type { Context } from "@opentelemetry/api";
import type { GraphQLError } from "graphql";
import { tracer } from "./tracer.js";

/** semconv (GraphQL spans): the name until the operation is known (a parse error stays so). */
const UNRESOLVED_NAME = "GraphQL Operation";

/** What the operation span needs of the Fastify request: its method, and its span's context. */
interface TracedRequest {
  method: string;
  opentelemetry(): { context: Context | null };
}

/** Each traced request's operation context, for its GraphQL context (`operationContextOf`). */
const operations = new WeakMap<object, Context>();

/**
 * The context of `request`'s operation span (its parent for loader batches and upstream
 * calls); undefined when the request is not traced.
 */
export function operationContextOf(request: object): Context | undefined {
  return operations.get(request);
}

/**
 * Wraps the GraphQL route's handler in the operation span. Its parent is the request's span,
 * taken from the request; it is handed on explicitly, not through an active context (none
 * follows an await: SyncContextManager): the GraphQL context takes it from the request
 * (`operationContextOf`), and the loaders' batches and upstream calls become its children
 * from there. Preflights get no span.
 */
export function traceOperations<This, Args extends [TracedRequest, ...unknown[]], R>(
  handler: (this: This, ...args: Args) => R,
): (this: This, ...args: Args) => Promise<Awaited<R>> {
  return async function traced(this: This, ...args: Args): Promise<Awaited<R>> {
    const [request] = args;
    if (request.method === "OPTIONS") return await handler.apply(this, args);
    const parent = request.opentelemetry().context ?? context.active();
    const span = tracer.startSpan(UNRESOLVED_NAME, {}, parent);
    operations.set(request, trace.setSpan(parent, span));
    try {
      return await handler.apply(this, args);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  };
}

/** The `extensions.code` of each error (INTERNAL when it has none): never a message. */
function codesOf(errors: readonly GraphQLError[]): string[] {
  const codes = errors.map((error) => {
    const code = error.extensions.code;
    return typeof code === "string" ? code : "INTERNAL";
  });
  return [...new Set(codes)];
}

/**
 * Names the operation span (`query Campaigns`: type and name, semconv) and records its errors
 * by code and count. Neither the document nor the variables are recorded: both can carry
 * what a caller typed (a variable's value, a literal), and an error's message can quote them.
 * A span not recorded (its trace not sampled) gets none of that work.
 */
export function operationSpanPlugin<
  C extends { readonly traceContext: Context | undefined },
>(): ApolloServerPlugin<C> {
  return {
    requestDidStart({ contextValue }) {
      const traced = contextValue.traceContext;
      const span = traced && trace.getSpan(traced);
      if (span === undefined || !span.isRecording()) return Promise.resolve();
      return Promise.resolve({
        didResolveOperation({ operation, operationName }) {
          if (operation === undefined) return Promise.resolve();
          const type = operation.operation;
          span.updateName(operationName === null ? type : `${type} ${operationName}`);
          span.setAttribute("graphql.operation.type", type);
          if (operationName !== null) span.setAttribute("graphql.operation.name", operationName);
          return Promise.resolve();
        },
        didEncounterErrors({ errors }) {
          const codes = codesOf(errors);
          span.setAttribute("graphql.error.count", errors.length);
          span.setAttribute("graphql.error.codes", codes);
          span.setStatus({ code: SpanStatusCode.ERROR, message: codes.join(", ") });
          return Promise.resolve();
        },
      });
    },
  };
}
