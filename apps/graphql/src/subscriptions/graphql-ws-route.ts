import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import { createComplexityRule } from "@pothos/plugin-complexity";
import type { WebsocketHandler } from "@fastify/websocket";
import {
  getOperationAST,
  GraphQLError,
  OperationTypeNode,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type GraphQLSchema,
} from "graphql";
import { CloseCode, type Context } from "graphql-ws";
import { makeHandler, type Extra } from "graphql-ws/use/@fastify/websocket";
import { contextFor, type ContextDependencies } from "../context.js";
import {
  badUserInputError,
  formatError,
  queryLimitError,
  requestError,
} from "../errors/graphql-errors.js";
import { QUERY_LIMITS } from "../query-limits.js";
import { nestingRefusal } from "../request-nesting.js";
import { ResponseRecorder } from "../response-cache/response-recorder.js";
import type { RequestCaller } from "../request-caller.js";
import { sessionDigest } from "../sessions/session-digest.js";
import { connectionSession } from "./connection-session.js";
import type { UserSlots } from "../shared/user-slots.js";
import { keepAlive } from "./keep-alive.js";

export interface GraphqlWsOptions {
  schema: GraphQLSchema;
  dependencies: ContextDependencies;
  /** GRAPHQL_PUBLIC_URL: the one origin whose pages may use the session cookie. */
  publicUrl: string;
  /** WebSocket connections per user (issue 34: every replica's, in shared mode). */
  connectionSlots: UserSlots;
  /** How often an open connection checks that its session still lives. */
  sessionCheckMs: number;
  /** How often each connection is pinged (`keep-alive.ts`). */
  pingMs: number;
}

/** A connection past its user's cap (not a graphql-ws code: 4429 like HTTP's 429). */
const TOO_MANY_CONNECTIONS = 4429;
/** WebSocket close reasons are at most 123 bytes. */
const closeReason = (text: string) => Buffer.from(text).subarray(0, 123).toString();

interface Connection {
  caller: RequestCaller & { token: string };
  /** Stops the session watch (timers, revoke listener). */
  stop(): void;
}

/**
 * graphql-ws's handler with its own keep-alive off (0): that one terminated every socket whose
 * pong was not read within 12 s, a facade pause included; `keepAlive` pings instead.
 */
const handlerWithoutKeepAlive = (
  options: Parameters<typeof makeHandler<Record<string, unknown>>>[0],
) => makeHandler<Record<string, unknown>>(options, 0);

/** Checks run on every operation of a connection before it executes (as Apollo's, and more). */
function validationErrors(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown>,
  operationName: string | null | undefined,
): readonly GraphQLError[] {
  return validate(schema, document, [
    ...specifiedRules,
    maxAliasesRule({
      n: QUERY_LIMITS.aliases,
      exposeLimits: true,
      propagateOnRejection: false,
      onReject: [(context, error) => context?.reportError(error)],
    }),
    // The schema's own limits (builder.ts), checked before subscribing rather than per event.
    createComplexityRule({
      context: {},
      variableValues: variables,
      operationName,
      validate: (result, reportError) => {
        if (result.depth > QUERY_LIMITS.depth)
          reportError(queryLimitError("depth", QUERY_LIMITS.depth, result.depth));
        else if (result.breadth > QUERY_LIMITS.breadth)
          reportError(queryLimitError("breadth", QUERY_LIMITS.breadth, result.breadth));
        else if (result.complexity > QUERY_LIMITS.complexity)
          reportError(queryLimitError("complexity", QUERY_LIMITS.complexity, result.complexity));
      },
    }),
  ]);
}

/** As Apollo's hideSchemaDetailsFromClientErrors: no "Did you mean …" naming schema fields. */
function withoutSuggestions(message: string): string {
  const at = message.indexOf(" Did you mean ");
  return at === -1 ? message : message.slice(0, at);
}

const format = (errors: readonly GraphQLError[]) =>
  errors.map((error) => {
    const formatted = formatError(error.toJSON(), error);
    return { ...formatted, message: withoutSuggestions(formatted.message) };
  });

/**
 * graphql-ws (graphql-transport-ws protocol) on the `/graphql` GET route's WebSocket upgrade:
 * subscriptions only (queries and mutations go over HTTP, with its caching and limits). The
 * session is settled at connection_init (refused: 4401, or 4403 for a cookie from another
 * site) and watched: sign-out, revocation or expiry close the connection, ending its
 * subscriptions. A client that stops answering pings is closed with 4410 (`keep-alive.ts`);
 * nothing else about the client's pace closes the socket. Errors leave through `formatError`
 * as over HTTP.
 */
export function graphqlWsHandler(options: GraphqlWsOptions): WebsocketHandler {
  const { schema, dependencies, publicUrl } = options;
  const connections = new WeakMap<Context<Record<string, unknown>, Extra>, Connection>();

  const watchSession = (socket: Extra["socket"], caller: Connection["caller"]): (() => void) => {
    const { session } = caller;
    const end = (reason: string) => {
      socket.close(CloseCode.Unauthorized, closeReason(reason));
    };
    // Revocations name sessions by digest (they also come from other replicas).
    const digest = session && sessionDigest(session.id);
    const offRevoked = dependencies.sessions.onRevoked((revoked) => {
      if (revoked === digest) end("The session ended (signed out or revoked): sign in again");
    });
    const untilExpiry = (session?.expiresAt.getTime() ?? 0) - Date.now();
    // Timers hold at most 2^31-1 ms; a longer session is caught by the periodic check.
    const expiry = setTimeout(
      () => {
        if (Date.now() >= (session?.expiresAt.getTime() ?? 0))
          end("The session expired: sign in again");
      },
      Math.min(Math.max(0, untilExpiry), 2 ** 31 - 1),
    );
    const check = setInterval(() => {
      void dependencies.sessions.resolve(caller.token).then(
        (live) => {
          if (live === null) end("The session ended: sign in again");
        },
        () => undefined, // the database is away: the next check asks again
      );
    }, options.sessionCheckMs);
    expiry.unref();
    check.unref();
    return () => {
      offRevoked();
      clearTimeout(expiry);
      clearInterval(check);
    };
  };

  const handle = handlerWithoutKeepAlive({
    schema,
    // Messages of unexpected failures stay generic, as over HTTP.
    isProd: true,
    async onConnect(ctx) {
      const { socket, request } = ctx.extra;
      const found = await connectionSession(ctx.connectionParams, request, {
        sessions: dependencies.sessions,
        publicUrl,
      });
      if (!found.ok) {
        socket.close(found.code, closeReason(found.reason));
        return false;
      }
      const userId = found.caller.session?.userId ?? "";
      const release = await options.connectionSlots.take(userId);
      if (release === undefined) {
        socket.close(
          TOO_MANY_CONNECTIONS,
          closeReason(`A user may hold at most ${options.connectionSlots.max} connections`),
        );
        return false;
      }
      // Closed while its session and place were looked up: onClose has run, nothing to stop.
      if (socket.readyState !== socket.OPEN) {
        release();
        return false;
      }
      const stopWatch = watchSession(socket, found.caller);
      connections.set(ctx, {
        caller: found.caller,
        stop: () => {
          stopWatch();
          release();
        },
      });
      return true;
    },
    onClose(ctx) {
      connections.get(ctx)?.stop();
      connections.delete(ctx);
    },
    onSubscribe(ctx, _id, payload) {
      const connection = connections.get(ctx);
      if (connection === undefined) return [requestError("Not connected.")];
      const tooDeep = nestingRefusal(payload); // before parsing and coercion recurse (issue 34)
      if (tooDeep !== undefined) return [tooDeep];
      let document: DocumentNode;
      try {
        document = parse(payload.query, { maxTokens: QUERY_LIMITS.tokens });
      } catch (error) {
        return [error instanceof GraphQLError ? error : requestError("Syntax error.")];
      }
      const variables = payload.variables ?? {};
      const errors = validationErrors(schema, document, variables, payload.operationName);
      // Formatted by onError, like every error of this connection.
      if (errors.length > 0) return [...errors];
      const operation = getOperationAST(document, payload.operationName);
      if (operation?.operation !== OperationTypeNode.SUBSCRIPTION) {
        return [
          badUserInputError(
            "Over WebSocket this API runs subscriptions; send queries and mutations as HTTP POST /graphql.",
          ),
        ];
      }
      return {
        schema,
        document,
        variableValues: variables,
        operationName: payload.operationName,
        contextValue: contextFor(connection.caller, dependencies, new ResponseRecorder()),
      } satisfies ExecutionArgs;
    },
    onNext(_ctx, _id, _payload, _args, result) {
      return result.errors === undefined ? undefined : { ...result, errors: format(result.errors) };
    },
    onError(_ctx, _id, _payload, errors) {
      return format(errors);
    },
  });
  return function handler(socket, request) {
    const stop = keepAlive(socket, options.pingMs);
    socket.once("close", stop);
    return handle.call(this, socket, request);
  };
}
