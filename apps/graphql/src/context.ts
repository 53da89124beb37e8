import { initContextCache } from "@pothos/core";
import type { FastifyRequest } from "fastify";
import { readSessionToken } from "./auth/request-session.js";
import type { Database } from "./db/database.js";
import type { ActiveSession, SessionStore } from "./sessions/session-store.js";

/** Who is asking, as the schema may show it (no credentials). */
export interface Viewer {
  userId: string;
  screenName: string;
}

/** Why a request has no viewer: no session given, or one that is unknown, expired or revoked. */
export type SessionProblem = "missing" | "invalid" | null;

/**
 * What every resolver of one request sees. Built anew per request: loaders and clients made
 * here must never be shared between requests (they would leak data between users). `session`
 * holds the caller's upstream credentials: never log the context.
 */
export interface GraphQLContext {
  db: Database;
  viewer: Viewer | null;
  session: ActiveSession | null;
  sessionProblem: SessionProblem;
}

export interface ContextDependencies {
  db: Database;
  sessions: SessionStore;
}

export async function createContext(
  request: FastifyRequest,
  { db, sessions }: ContextDependencies,
): Promise<GraphQLContext> {
  const token = readSessionToken(request);
  const session = token === null ? null : await sessions.resolve(token);
  return {
    // Apollo copies the context object per operation; Pothos's cache key must be set here so
    // per-request loaders stay per request.
    ...initContextCache(),
    db,
    session,
    viewer: session && { userId: session.userId, screenName: session.screenName },
    sessionProblem: session ? null : token === null ? "missing" : "invalid",
  };
}
