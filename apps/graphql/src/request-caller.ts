import type { FastifyRequest } from "fastify";
import { readSessionToken } from "./auth/request-session.js";
import {
  isSessionTokenShape,
  type ActiveSession,
  type SessionStore,
} from "./sessions/session-store.js";

/** Who sent a request: the token it carries and the live session it names, if any. */
export interface RequestCaller {
  token: string | null;
  /** A value that cannot be a session token (never looked up). */
  malformed: boolean;
  /** Null when no token, a malformed one, or one unknown, expired or revoked. */
  session: ActiveSession | null;
}

const callers = new WeakMap<FastifyRequest, Promise<RequestCaller>>();

/**
 * The request's caller, looked up once per request: the response cache asks before Apollo runs,
 * and the GraphQL context asks again on a miss.
 */
export function callerOf(request: FastifyRequest, sessions: SessionStore): Promise<RequestCaller> {
  let caller = callers.get(request);
  if (caller === undefined) {
    caller = resolveCaller(request, sessions);
    callers.set(request, caller);
  }
  return caller;
}

/**
 * The request's caller when it can be told at once: a signed-in caller whose session this
 * process has cached (the response cache's hit path, with no promise); undefined otherwise
 * (then `callerOf`). Either way `callerOf` answers the same for the request afterwards.
 */
export function callerNow(
  request: FastifyRequest,
  sessions: SessionStore,
): RequestCaller | undefined {
  if (callers.has(request)) return undefined;
  const token = readSessionToken(request);
  if (token === null) return undefined;
  const session = sessions.peek(token);
  if (session === undefined) return undefined;
  const caller: RequestCaller = { token, malformed: false, session };
  callers.set(request, Promise.resolve(caller));
  return caller;
}

async function resolveCaller(
  request: FastifyRequest,
  sessions: SessionStore,
): Promise<RequestCaller> {
  const token = readSessionToken(request);
  const malformed = token !== null && !isSessionTokenShape(token);
  const session = token === null || malformed ? null : await sessions.resolve(token);
  return { token, malformed, session };
}
