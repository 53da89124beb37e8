import { randomBytes } from "node:crypto";
import { textProblem } from "@adsgraph/models";
import { buildAuthenticateUrl } from "@adsgraph/oauth";
import {
  RestApiError,
  RestNetworkError,
  RestRateLimitError,
  type RestClient,
} from "@adsgraph/rest-client";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { LoginAttempts } from "../sessions/login-attempts.js";
import type { SessionCredentials, SessionStore } from "../sessions/session-store.js";
import { cookieOptions, LOGIN_COOKIE, SESSION_COOKIE } from "./cookies.js";
import { readSessionToken } from "./request-session.js";
import { signInLimited, type SignInLimit } from "./sign-in-limit.js";
import { couldBeCrossSite, PREFLIGHT_HINT } from "./require-preflight.js";

export interface AuthRouteOptions {
  /**
   * The REST client signed with the facade's consumer keys: the credential endpoints of spec
   * §4.1 are called through it, by catalog id, like every other endpoint.
   */
  upstream: RestClient;
  /** `{base_url}` of the ads service, where the user's browser is sent to approve. */
  baseUrl: string;
  sessions: SessionStore;
  attempts: LoginAttempts;
  publicUrl: string;
  sessionTtlSeconds: number;
  /** How long a started sign-in may take. */
  loginTtlSeconds: number;
  /** Sign-ins one client address may start per window. */
  signInLimit: SignInLimit;
}

/** Text the sign-in keeps or sends on: no control characters, no lone surrogates. */
const storable = <T extends z.ZodString>(schema: T) =>
  schema.superRefine((value, context) => {
    const problem = textProblem(value);
    if (problem !== undefined) context.addIssue({ code: "custom", message: problem });
  });

const callbackQuery = z.object({
  oauth_token: storable(z.string().min(1)).optional(),
  oauth_verifier: storable(z.string().min(1)).optional(),
  denied: storable(z.string()).optional(),
});
const pinCompleteBody = z.object({
  request_token: storable(z.string().min(1, "request_token is required")),
  pin: storable(z.string().regex(/^\S+$/, "pin is required (the code the authorize page showed)")),
});

/** `name: rule` of the first broken rule of a parse. */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return `${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"}`;
}

function problem(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({ error: { code, message } });
}

/** An upstream refusal the caller can act on, without any credential in it (rest-client redacts). */
function upstreamProblem(reply: FastifyReply, error: unknown) {
  if (error instanceof RestApiError || error instanceof RestRateLimitError) {
    return problem(
      reply,
      502,
      "UPSTREAM_REFUSED",
      `The ads service refused the sign-in step: ${error.message}`,
    );
  }
  if (error instanceof RestNetworkError) {
    return problem(
      reply,
      502,
      "UPSTREAM_UNAVAILABLE",
      `The ads service could not be reached for the sign-in step: ${error.message}`,
    );
  }
  throw error;
}

/**
 * Sign-in through the upstream service's three-legged OAuth 1.0a flow (spec §4.1):
 * - browsers: `GET /auth/login` → the service's authenticate page → `GET /auth/callback`, which
 *   sets an HttpOnly session cookie;
 * - API clients: `POST /auth/token` (with the cookie) mints a separate bearer session token, or
 *   the PIN flow (`POST /auth/pin/start`, `POST /auth/pin/complete`, used by `adsgraph login`);
 * - `POST /auth/logout` ends that session alone, and invalidates the upstream access token when
 *   no other live session holds it (a token shared by `POST /auth/token`);
 * - a browser sign-in that completes while the browser still holds a live session ends that
 *   session (a new session id every sign-in: session fixation), other clients' sessions stay.
 * The two cookie-authenticated POSTs (`token`, `logout`) refuse CORS-simple requests (CSRF);
 * the PIN flow's POSTs act on no session and set no cookie, so a forged one gains nothing.
 */
export function registerAuthRoutes(app: FastifyInstance, options: AuthRouteOptions): void {
  const { upstream, baseUrl, sessions, attempts, publicUrl } = options;
  const sessionCookie = cookieOptions(publicUrl, options.sessionTtlSeconds);
  const loginCookie = cookieOptions(publicUrl, options.loginTtlSeconds, "/auth");

  /** Leg 1: a request token for `callback` (spec §4.1: always sent; `oob` for the PIN flow). */
  const requestToken = (callback: string) =>
    upstream.call("oauth.request_token", { oauth_callback: callback });

  /**
   * spec §4.1 invalidate_token, signed with the token itself; already invalid upstream (401)
   * is what is wanted anyway.
   */
  const invalidateUpstream = async (credentials: SessionCredentials) => {
    try {
      await upstream.call("oauth.invalidate_token", undefined, {
        token: { token: credentials.accessToken, tokenSecret: credentials.accessTokenSecret },
      });
    } catch (error) {
      if (!(error instanceof RestApiError && error.status === 401)) throw error;
    }
  };

  /** Leg 3, signed with the request token and its secret (RFC 5849 §2.3). */
  const startSession = async (token: string, secret: string, verifier: string) => {
    const access = await upstream.call(
      "oauth.access_token",
      { oauth_token: token, oauth_verifier: verifier },
      { token: { token, tokenSecret: secret } },
    );
    return sessions.create({
      userId: access.user_id,
      screenName: access.screen_name,
      accessToken: access.oauth_token,
      accessTokenSecret: access.oauth_token_secret,
    });
  };

  app.get("/auth/login", signInLimited(options.signInLimit), async (request, reply) => {
    const forceLogin = (request.query as Record<string, unknown>).force_login === "true";
    const binding = randomBytes(24).toString("base64url");
    try {
      const started = await requestToken(`${publicUrl}/auth/callback`);
      await attempts.begin({
        requestToken: started.oauth_token,
        requestTokenSecret: started.oauth_token_secret,
        browserBinding: binding,
      });
      return await reply
        .setCookie(LOGIN_COOKIE, binding, loginCookie)
        .redirect(buildAuthenticateUrl(baseUrl, { token: started.oauth_token, forceLogin }), 303);
    } catch (error) {
      return upstreamProblem(reply, error);
    }
  });

  app.get("/auth/callback", async (request, reply) => {
    const query = callbackQuery.safeParse(request.query);
    if (!query.success) return problem(reply, 400, "BAD_CALLBACK", firstIssue(query.error));
    if (query.data.denied !== undefined) {
      return problem(
        reply,
        403,
        "SIGN_IN_DENIED",
        "Sign-in was not approved. Start again at /auth/login.",
      );
    }
    const { oauth_token: token, oauth_verifier: verifier } = query.data;
    if (token === undefined || verifier === undefined) {
      return problem(reply, 400, "BAD_CALLBACK", "oauth_token and oauth_verifier are required.");
    }
    const secret = await attempts.take(token, request.cookies[LOGIN_COOKIE] ?? "");
    reply.clearCookie(LOGIN_COOKIE, { path: "/auth" });
    if (secret === null) {
      return problem(
        reply,
        400,
        "SIGN_IN_EXPIRED",
        "This sign-in has expired, was already used, or was started in another browser. Start again at /auth/login.",
      );
    }
    // The session this browser holds now (its cookie), replaced by the new one below.
    const cookie = request.cookies[SESSION_COOKIE];
    const replaced = cookie === undefined ? null : await sessions.resolve(cookie);
    let sessionToken: string;
    try {
      ({ token: sessionToken } = await startSession(token, secret, verifier));
    } catch (error) {
      return upstreamProblem(reply, error);
    }
    if (replaced !== null) await endReplaced(request, replaced.id);
    return reply.setCookie(SESSION_COOKIE, sessionToken, sessionCookie).redirect("/graphql", 303);
  });

  /**
   * A sign-in in a browser that held a session ends that one: one browser, one session, and
   * the old id never works again. Its upstream token goes with it unless another session (an
   * API client's, `POST /auth/token`) holds it. The new sign-in stands even when the service
   * cannot be told: the old session then ends anyway, and its token stays valid upstream.
   */
  async function endReplaced(request: FastifyRequest, sessionId: string) {
    const reason = "replaced by a new sign-in in the same browser";
    try {
      await sessions.end(sessionId, reason, invalidateUpstream);
    } catch (error) {
      request.log.warn(
        { err: error instanceof Error ? error.message : String(error) },
        "the replaced session's upstream token could not be invalidated; the session ends anyway",
      );
      await sessions.revoke(sessionId, reason);
    }
  }

  app.post("/auth/pin/start", signInLimited(options.signInLimit), async (_request, reply) => {
    try {
      const started = await requestToken("oob");
      await attempts.begin({
        requestToken: started.oauth_token,
        requestTokenSecret: started.oauth_token_secret,
        browserBinding: null,
      });
      return await reply.send({
        request_token: started.oauth_token,
        authorize_url: buildAuthenticateUrl(baseUrl, { token: started.oauth_token }),
      });
    } catch (error) {
      return upstreamProblem(reply, error);
    }
  });

  app.post("/auth/pin/complete", async (request, reply) => {
    const body = pinCompleteBody.safeParse(request.body);
    if (!body.success) return problem(reply, 400, "INVALID_PARAMETER", firstIssue(body.error));
    const secret = await attempts.take(body.data.request_token, null);
    if (secret === null) {
      return problem(
        reply,
        400,
        "SIGN_IN_EXPIRED",
        "Unknown, used or expired request_token. Start again.",
      );
    }
    try {
      const { token, session } = await startSession(body.data.request_token, secret, body.data.pin);
      return await reply.send(sessionAnswer(token, session));
    } catch (error) {
      return upstreamProblem(reply, error);
    }
  });

  // Cookie-authenticated POSTs: a page of another site must not be able to send one with the
  // browser's cookie (login CSRF, forced sign-out). Checked before the body is read.
  const refuseCrossSite = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!couldBeCrossSite(request.headers)) return undefined;
    return problem(
      reply,
      400,
      "PREFLIGHT_REQUIRED",
      `This request could come from another site (CSRF): ${PREFLIGHT_HINT}.`,
    );
  };

  /** Mints a bearer session token for API clients, from a signed-in browser (same user). */
  app.post("/auth/token", { onRequest: refuseCrossSite }, async (request, reply) => {
    const current = await currentSession(request);
    const shared = current && (await sessions.share(current.id));
    if (!shared) return problem(reply, 401, "UNAUTHENTICATED", "Sign in first (GET /auth/login).");
    return reply.send(sessionAnswer(shared.token, shared.session));
  });

  app.post("/auth/logout", { onRequest: refuseCrossSite }, async (request, reply) => {
    const current = await currentSession(request);
    if (!current) return problem(reply, 401, "UNAUTHENTICATED", "No live session to end.");
    try {
      // Also when another sign-out ended it meanwhile: the caller is signed out either way.
      await sessions.end(current.id, "logout", invalidateUpstream);
    } catch (error) {
      // The service could not invalidate the token: the session lives on, try again.
      return upstreamProblem(reply, error);
    }
    return reply.clearCookie(SESSION_COOKIE, { path: "/" }).send({ signed_out: true });
  });

  async function currentSession(request: FastifyRequest) {
    const token = readSessionToken(request);
    return token === null ? null : sessions.resolve(token);
  }
}

function sessionAnswer(
  token: string,
  session: { userId: string; screenName: string; expiresAt: Date },
) {
  return {
    session_token: token,
    token_type: "Bearer",
    user_id: session.userId,
    screen_name: session.screenName,
    expires_at: session.expiresAt.toISOString(),
  };
}
