import { readBearerAuthorization } from "@adsgraph/oauth";
import type { FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "../auth/cookies.js";
import type { RequestCaller } from "../request-caller.js";
import { isSessionTokenShape, type SessionStore } from "../sessions/session-store.js";

/** Where a WebSocket's session token came from. */
export type TokenSource = "connection_params" | "header" | "cookie";

export type ConnectionSession =
  | { ok: true; caller: RequestCaller & { token: string }; source: TokenSource }
  | { ok: false; code: 4401 | 4403; reason: string };

/**
 * The session of a graphql-ws connection, as for an HTTP request (`request-caller.ts`): the
 * token in connectionParams `{ authorization: "Bearer <token>" }`, else the upgrade request's
 * `Authorization` header, else its session cookie. A cookie is sent by the browser to any
 * page's WebSocket (cross-site WebSocket hijacking), so it counts only when the upgrade comes
 * from the facade's own origin (`publicUrl`, GRAPHQL_PUBLIC_URL).
 */
export async function connectionSession(
  connectionParams: Readonly<Record<string, unknown>> | undefined,
  request: FastifyRequest,
  { sessions, publicUrl }: { sessions: SessionStore; publicUrl: string },
): Promise<ConnectionSession> {
  let token: string | undefined;
  let source: TokenSource;
  const fromParams = connectionParams?.authorization ?? connectionParams?.Authorization;
  if (fromParams !== undefined) {
    source = "connection_params";
    token = typeof fromParams === "string" ? readBearerAuthorization(fromParams) : undefined;
  } else if (request.headers.authorization !== undefined) {
    source = "header";
    token = readBearerAuthorization(request.headers.authorization);
  } else {
    source = "cookie";
    token = request.cookies[SESSION_COOKIE];
    if (token === undefined) {
      return {
        ok: false,
        code: 4401,
        reason:
          'No session: sign in, send connectionParams { "authorization": "Bearer <session token>" }',
      };
    }
    if (request.headers.origin !== publicUrl) {
      return {
        ok: false,
        code: 4403,
        reason:
          "A session cookie counts only from this site's own pages: send connectionParams instead",
      };
    }
  }
  if (token === undefined || !isSessionTokenShape(token)) {
    return {
      ok: false,
      code: 4401,
      reason:
        'Malformed session token: send connectionParams { "authorization": "Bearer <token>" }',
    };
  }
  const session = await sessions.resolve(token);
  if (session === null) {
    return {
      ok: false,
      code: 4401,
      reason: "The session is unknown, expired or revoked: sign in again (GET /auth/login)",
    };
  }
  return { ok: true, caller: { token, malformed: false, session }, source };
}
