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

async function resolveCaller(
  request: FastifyRequest,
  sessions: SessionStore,
): Promise<RequestCaller> {
  const token = readSessionToken(request);
  const malformed = token !== null && !isSessionTokenShape(token);
  const session = token === null || malformed ? null : await sessions.resolve(token);
  return { token, malformed, session };
}
