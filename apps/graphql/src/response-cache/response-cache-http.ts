import type { ApolloServerPlugin } from "@apollo/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { OperationTypeNode } from "graphql";
import { callerNow, callerOf } from "../request-caller.js";
import { couldBeCrossSite } from "../auth/require-preflight.js";
import type { ActiveSession, SessionStore } from "../sessions/session-store.js";
import { jsonBodyText } from "../utf8-json-body.js";
import type { RequestCounter } from "../upstream/request-counter.js";
import { beginPending, pendingOf } from "./request-state.js";
import type { PreparedAnswer, ResponseCache } from "./response-cache.js";
import { responseCacheKey } from "./response-cache-key.js";
import { ResponseRecorder } from "./response-recorder.js";

/**
 * Serves stored answers to `POST /graphql` before Apollo runs (no parsing, validation,
 * execution or serialisation: the bytes sent the first time), and stores the answers the
 * Apollo plugin approves. Only JSON POSTs of a signed-in caller take part: a request Apollo
 * would refuse (a simple cross-site request, GET, a batch, a body with other fields) is left
 * to Apollo. The session is resolved on every request, so a revoked one gets no stored answer.
 *
 * A hit does what a plain server replaying cached bytes does, and little more (issue 37): the
 * session from this process's cache, a map lookup keyed by the body's text, the validity
 * checks, and the caller's budgets spliced into the stored bytes where the answer shows any.
 * Registered as a `preValidation` hook ahead of the nesting limits: a stored answer's body
 * passed them when it was first answered, and the same text passes them again.
 */
export function registerResponseCache(
  app: FastifyInstance,
  {
    cache,
    sessions,
    path,
    persistedQueries = false,
    onHit,
    bypass,
    prepare = (body) => ({ body }),
  }: {
    cache: ResponseCache;
    sessions: SessionStore;
    path: string;
    /** Automatic persisted queries are on (shared mode): a hash alone names a document too. */
    persistedQueries?: boolean;
    /** Told of each request answered from the cache (metrics). */
    onHit?: () => void;
    /** Requests never answered from the cache (headers the key does not hold change them). */
    bypass?: (request: FastifyRequest) => boolean;
    /**
     * An approved answer as it is kept, prepared once when stored: the bytes, and what each hit
     * must redo for its caller (issue 35: the current rate-limit budgets), if anything.
     */
    prepare?: (body: Buffer) => PreparedAnswer;
  },
): void {
  if (!cache.enabled) return;
  const takesPart = (request: FastifyRequest) =>
    request.method === "POST" &&
    request.routeOptions.url === path &&
    !couldBeCrossSite(request.headers) &&
    bypass?.(request) !== true;
  /** The stored answer valid for this request now; on a miss, its answer is recorded. */
  const storedFor = (request: FastifyRequest, session: ActiveSession) => {
    const key = responseCacheKey(session.userId, request.headers.accept, request.body, {
      text: jsonBodyText(request),
      persistedQueries,
    });
    if (key === null) return undefined;
    const stored = cache.lookup(key, session.userId);
    if (stored === undefined)
      beginPending(request, { key, userId: session.userId, recorder: new ResponseRecorder() });
    return stored;
  };
  /** Sends the stored answer, or lets the request go on (`done`) to Apollo. */
  const answer = (
    request: FastifyRequest,
    reply: FastifyReply,
    done: (error?: Error) => void,
    session: ActiveSession | null,
  ) => {
    const stored = session === null ? undefined : storedFor(request, session);
    if (session === null || stored === undefined) {
      done();
      return;
    }
    onHit?.();
    // Answered here: the hook does not call `done` (Fastify's way of replying from a hook).
    void reply.code(200).header("content-type", stored.contentType);
    if (stored.present === undefined) void reply.send(stored.body);
    else
      stored.present(session).then((body) => {
        void reply.send(body);
      }, done);
  };
  // A callback hook, and the session from this process's cache when it holds it: a hit waits
  // on no promise unless its answer shows budgets.
  app.addHook("preValidation", (request, reply, done) => {
    if (!takesPart(request)) {
      done();
      return;
    }
    const caller = callerNow(request, sessions);
    if (caller !== undefined) answer(request, reply, done, caller.session);
    else
      callerOf(request, sessions).then(({ session }) => {
        answer(request, reply, done, session);
      }, done);
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    const pending = pendingOf(request);
    const contentType = reply.getHeader("content-type");
    if (
      pending?.recorder.storable === true &&
      reply.statusCode === 200 &&
      typeof payload === "string" &&
      typeof contentType === "string"
    ) {
      cache.store(
        pending.key,
        pending.userId,
        pending.recorder,
        prepare(Buffer.from(payload)),
        contentType,
      );
    }
    done(null, payload);
  });
}

interface RecordingContext {
  responseRecorder: ResponseRecorder;
  requestCounter: RequestCounter;
}

/**
 * Approves an answer for the response cache: a query (never a mutation), one result, no
 * errors, status 200, no upstream request at all.
 */
export function responseCachePlugin<
  Context extends RecordingContext,
>(): ApolloServerPlugin<Context> {
  return {
    requestDidStart() {
      return Promise.resolve({
        willSendResponse({ response, contextValue, operation }) {
          if (
            operation?.operation === OperationTypeNode.QUERY &&
            response.body.kind === "single" &&
            response.body.singleResult.errors === undefined &&
            (response.http.status ?? 200) === 200 &&
            contextValue.requestCounter.total === 0
          )
            contextValue.responseRecorder.approve();
          return Promise.resolve();
        },
      });
    },
  };
}
