import { getEndpoint } from "@adsgraph/models";
import { percentEncode } from "@adsgraph/oauth";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { hmacBase64url, safeEqual } from "../crypto/tokens.js";
import { hasActiveGrant } from "../credentials/tokens.js";
import {
  approveRequestToken,
  burnRequestToken,
  findLiveRequestToken,
} from "../credentials/tokens.js";
import {
  SESSION_COOKIE,
  createSession,
  findSessionUser,
  readCookie,
} from "../credentials/sessions.js";
import { checkCredentials } from "../credentials/users.js";
import type { App, RequestToken, User } from "../generated/prisma/client.js";
import { ApiError, BadRequestError, ERROR_CODES } from "../errors.js";
import { formParams, isFormBody } from "../http/form-body.js";
import { applyOAuthLimit } from "../rate-limits/oauth-limit.js";
import { credentialRoute } from "./credential-route.js";
import type { CatalogCredentialRoute, CredentialCall } from "./credential-route.js";
import { renderAuthorizePage, renderDeniedPage, renderPinPage } from "../oauth-pages/html.js";

type Flow = "authorize" | "authenticate";

const PAGE_HEADERS = {
  "cache-control": "no-store",
  "x-frame-options": "DENY",
  "content-security-policy":
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  "referrer-policy": "no-referrer",
};

function invalidToken(): ApiError {
  return new ApiError(401, [
    {
      code: ERROR_CODES.INVALID_OR_EXPIRED_TOKEN,
      message:
        "This request token is invalid, expired or already used. Start the sign-in again from the application.",
      parameter: "oauth_token",
    },
  ]);
}

/** Binds the form to the request token and to the signed-in user it was shown to (CSRF). */
function formToken(ctx: AppContext, row: RequestToken, userId: string | null): string {
  return hmacBase64url(ctx.formKey, `${row.tokenHash}:${userId ?? ""}`);
}

function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.status(status).headers(PAGE_HEADERS).type("text/html; charset=utf-8").send(body);
}

/** After approval: redirect to the callback with token and verifier, or show the PIN (oob). */
function finish(
  reply: FastifyReply,
  client: App,
  row: RequestToken,
  token: string,
  verifier: string,
): FastifyReply {
  if (row.callback === "oob") return html(reply, 200, renderPinPage(client.name, verifier));
  const target = new URL(row.callback);
  target.searchParams.append("oauth_token", token);
  target.searchParams.append("oauth_verifier", verifier);
  return reply.status(302).headers(PAGE_HEADERS).header("location", target.toString()).send();
}

function sessionCookie(ctx: AppContext, value: string): string {
  const secure = ctx.hosts.base.startsWith("https:") ? "; Secure" : "";
  const maxAge = Math.floor(ctx.limits.sessionTtlMs / 1000);
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

interface PageState {
  readonly flow: Flow;
  readonly token: string;
  readonly row: RequestToken & { app: App };
  readonly signedIn: User | null;
  readonly screenName: string | undefined;
}

function showPage(
  ctx: AppContext,
  reply: FastifyReply,
  state: PageState,
  status: number,
  error?: string,
): FastifyReply {
  return html(
    reply,
    status,
    renderAuthorizePage({
      action: `/oauth/${state.flow}`,
      appName: state.row.app.name,
      accessType: state.row.accessType === "read" ? "read" : "write",
      oauthToken: state.token,
      formToken: formToken(ctx, state.row, state.signedIn?.id ?? null),
      signedInAs: state.signedIn?.screenName ?? null,
      screenName: state.screenName,
      error,
      switchUserHref: `/oauth/${state.flow}?oauth_token=${percentEncode(state.token)}&force_login=true`,
    }),
  );
}

async function liveToken(ctx: AppContext, token: string): Promise<RequestToken & { app: App }> {
  const row = await findLiveRequestToken(ctx, token);
  if (row === null || row.userId !== null) throw invalidToken();
  const app = await ctx.prisma.app.findUniqueOrThrow({ where: { id: row.appId } });
  return { ...row, app };
}

/**
 * spec §4.1 GET authorize / authenticate: a login-and-approve page, registered through the
 * catalog (its entry gives the path and the query rules). authenticate skips the approval when
 * a user is signed in on this host (session cookie), force_login is not set, the app has
 * "Sign in with" enabled and the user granted the app access before.
 */
function pageRoute(flow: Flow): CatalogCredentialRoute {
  // The page itself is not signed: the user signs in on it.
  const authenticate = () => Promise.resolve({ auth: undefined });
  const handle = async ({
    ctx,
    request,
    reply,
    params,
  }: CredentialCall<"oauth.authorize", undefined>) => {
    const row = await liveToken(ctx, params.oauth_token);
    const forceLogin = params.force_login === true;
    const session = forceLogin
      ? null
      : await findSessionUser(ctx, readCookie(request.headers.cookie, SESSION_COOKIE));
    if (
      flow === "authenticate" &&
      session !== null &&
      row.app.signInWithEnabled &&
      (await hasActiveGrant(ctx.prisma, row.app.id, session.id))
    ) {
      const verifier = await approveRequestToken(ctx, row, session.id);
      return finish(reply, row.app, row, params.oauth_token, verifier);
    }
    return showPage(
      ctx,
      reply,
      { flow, token: params.oauth_token, row, signedIn: session, screenName: params.screen_name },
      200,
    );
  };
  return flow === "authorize"
    ? credentialRoute("oauth.authorize", { authenticate, handle })
    : credentialRoute("oauth.authenticate", { authenticate, handle });
}

/** The two browser pages of spec §4.1, for registerCatalogRoutes. */
export const AUTHORIZE_PAGE_ROUTES: readonly CatalogCredentialRoute[] = [
  pageRoute("authorize"),
  pageRoute("authenticate"),
];

function field(form: Record<string, string | string[]>, name: string): string | undefined {
  const value = form[name];
  return typeof value === "string" ? value : undefined;
}

/** The page's form: screen name + password (or the signed-in session) and approve / deny. */
async function submitAuthorize(
  ctx: AppContext,
  flow: Flow,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  await applyOAuthLimit(ctx, request, reply, `oauth.${flow}.submit`);
  if (!isFormBody(request.body)) {
    throw BadRequestError.of(
      ERROR_CODES.INVALID_BODY,
      "the form must be posted as application/x-www-form-urlencoded",
    );
  }
  // Only screen_name reaches a query as sent (guarded in findUserByScreenName); the token is
  // looked up by its hash, and the password, form token and decision are only compared.
  const form = formParams(request.body);
  const token = field(form, "oauth_token") ?? "";
  const row = await liveToken(ctx, token);
  const screenName = field(form, "screen_name");
  const password = field(form, "password");
  const usesPassword = (screenName ?? "") !== "" || (password ?? "") !== "";
  const session = usesPassword
    ? null
    : await findSessionUser(ctx, readCookie(request.headers.cookie, SESSION_COOKIE));
  const sent = field(form, "form_token") ?? "";
  if (!safeEqual(sent, formToken(ctx, row, session?.id ?? null))) {
    throw new ApiError(403, [
      {
        code: ERROR_CODES.UNAUTHORIZED_ACCESS,
        message: "This form has expired or was not shown to you. Reload the page.",
      },
    ]);
  }
  const state: PageState = { flow, token, row, signedIn: session, screenName };
  if (field(form, "decision") !== "approve") {
    await burnRequestToken(ctx, row.tokenHash);
    if (row.callback === "oob") return html(reply, 200, renderDeniedPage(row.app.name));
    const target = new URL(row.callback);
    target.searchParams.append("denied", token);
    return reply.status(302).headers(PAGE_HEADERS).header("location", target.toString()).send();
  }
  let user = session;
  if (usesPassword) {
    user = await checkCredentials(ctx.prisma, screenName ?? "", password ?? "");
    if (user === null)
      return showPage(ctx, reply, state, 401, "The screen name or password is incorrect.");
    void reply.header("set-cookie", sessionCookie(ctx, await createSession(ctx, user.id)));
  }
  if (user === null)
    return showPage(ctx, reply, state, 401, "Enter your screen name and password.");
  const verifier = await approveRequestToken(ctx, row, user.id);
  return finish(reply, row.app, row, token, verifier);
}

/**
 * The pages' own form posts (approve or deny). Not catalog endpoints: they are the page's
 * form, posted to the page's catalog path.
 */
export function registerAuthorizeForms(app: FastifyInstance, ctx: AppContext): void {
  for (const route of AUTHORIZE_PAGE_ROUTES) {
    const flow: Flow = route.id === "oauth.authorize" ? "authorize" : "authenticate";
    const { path } = getEndpoint(route.id);
    app.post(path, { config: { endpointId: route.id, html: true } }, (request, reply) =>
      submitAuthorize(ctx, flow, request, reply),
    );
  }
}
