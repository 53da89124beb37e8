import { getEndpoint, validateParams } from "@adsgraph/models";
import type { EndpointId } from "@adsgraph/models";
import { OAuthVerificationError, serializeForm, verifyBasicAuthorization } from "@adsgraph/oauth";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { toAuthError } from "../auth/oauth-errors.js";
import {
  verifyAccessTokenRequest,
  verifyRequestTokenRequest,
  verifyUserRequest,
} from "../auth/verify.js";
import type { AppContext } from "../context.js";
import {
  asAccessType,
  effectiveAccess,
  findAppByConsumerKey,
  isCallbackAllowed,
} from "../credentials/apps.js";
import { getOrCreateBearerToken, invalidateBearerToken } from "../credentials/bearer.js";
import {
  exchangeRequestToken,
  createRequestToken,
  invalidateAccessToken,
} from "../credentials/tokens.js";
import {
  AuthenticationError,
  BadRequestError,
  ERROR_CODES,
  ForbiddenError,
  NotFoundError,
} from "../errors.js";
import { formParams, isFormBody } from "../http/form-body.js";
import { applyOAuthLimit } from "../http/oauth-limit.js";
import { queryParams } from "../http/request-params.js";

/** Query and form parameters that are not OAuth protocol parameters. */
function plainParams(request: FastifyRequest): Record<string, unknown> {
  const form = isFormBody(request.body) ? formParams(request.body) : {};
  return Object.fromEntries(
    Object.entries({ ...queryParams(request), ...form }).filter(
      ([name]) => !name.startsWith("oauth_"),
    ),
  );
}

function validated<Id extends EndpointId>(id: Id, params: Record<string, unknown>) {
  const result = validateParams(id, params);
  if (!result.ok) throw BadRequestError.fromViolations(result.violations);
  return result.value;
}

function route(id: EndpointId): string {
  const endpoint = getEndpoint(id);
  return `${endpoint.version === null ? "" : `/${endpoint.version}`}${endpoint.path}`;
}

function sendForm(reply: FastifyReply, fields: Record<string, string>): FastifyReply {
  return reply
    .type("application/x-www-form-urlencoded")
    .send(serializeForm(Object.entries(fields)));
}

/** spec §4.1 credential endpoints on the base host (the browser pages are in authorize.ts). */
export function registerOAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(
    route("oauth.request_token"),
    { config: { endpointId: "oauth.request_token" } },
    async (request, reply) => {
      applyOAuthLimit(ctx, request, reply, "oauth.request_token");
      const { app: client, verified } = await verifyRequestTokenRequest(ctx, request);
      const params = validated("oauth.request_token", {
        ...plainParams(request),
        oauth_callback: verified.callback,
      });
      if (params.oauth_callback !== "oob" && !isCallbackAllowed(client, params.oauth_callback)) {
        throw new ForbiddenError(
          ERROR_CODES.CALLBACK_NOT_APPROVED,
          "Callback URL not approved for this client application. Approved callback URLs are set in the app settings.",
          "oauth_callback",
        );
      }
      const pair = await createRequestToken(ctx, {
        appId: client.id,
        callback: params.oauth_callback,
        accessType: effectiveAccess(asAccessType(client.accessLevel), params.svc_auth_access_type),
      });
      return sendForm(reply, {
        oauth_token: pair.token,
        oauth_token_secret: pair.secret,
        oauth_callback_confirmed: "true",
      });
    },
  );

  app.post(
    route("oauth.access_token"),
    { config: { endpointId: "oauth.access_token" } },
    async (request, reply) => {
      applyOAuthLimit(ctx, request, reply, "oauth.access_token");
      const { verified } = await verifyAccessTokenRequest(ctx, request);
      const params = validated("oauth.access_token", {
        ...plainParams(request),
        oauth_token: verified.token,
        oauth_verifier: verified.verifier,
      });
      const outcome = await exchangeRequestToken(ctx, params.oauth_token, params.oauth_verifier);
      if (!outcome.ok) {
        if (outcome.reason === "used") {
          throw new AuthenticationError(
            ERROR_CODES.INVALID_OR_EXPIRED_TOKEN,
            "Invalid or expired token.",
          );
        }
        throw new AuthenticationError(
          ERROR_CODES.COULD_NOT_AUTHENTICATE,
          outcome.reason === "not_approved"
            ? "This request token has not been authorized by a user."
            : "Invalid oauth_verifier; the request token can no longer be used.",
          "oauth_verifier",
        );
      }
      const { pair, user } = outcome;
      return sendForm(reply, {
        oauth_token: pair.token,
        oauth_token_secret: pair.secret,
        user_id: user.id,
        screen_name: user.screenName,
      });
    },
  );

  // spec §4.1: the example adds `.json`; both paths are served.
  const invalidate = route("oauth.invalidate_token");
  for (const url of [invalidate, `${invalidate}.json`]) {
    app.post(url, { config: { endpointId: "oauth.invalidate_token" } }, async (request, reply) => {
      applyOAuthLimit(ctx, request, reply, "oauth.invalidate_token");
      const auth = await verifyUserRequest(ctx, "base", request);
      validated("oauth.invalidate_token", plainParams(request));
      await invalidateAccessToken(ctx, auth.tokenHash);
      return reply.send({ access_token: auth.token });
    });
  }

  app.post(
    route("oauth2.token"),
    { config: { endpointId: "oauth2.token" } },
    async (request, reply) => {
      applyOAuthLimit(ctx, request, reply, "oauth2.token");
      let consumerKey: string;
      try {
        consumerKey = await verifyBasicAuthorization(request.headers.authorization, async (key) => {
          const found = await findAppByConsumerKey(ctx.prisma, key);
          return found === null ? undefined : ctx.box.open(found.consumerSecretEnc);
        });
      } catch (error) {
        if (error instanceof OAuthVerificationError) throw toAuthError(error);
        throw error;
      }
      if (!isFormBody(request.body)) {
        throw BadRequestError.of(
          ERROR_CODES.INVALID_BODY,
          "the body must be application/x-www-form-urlencoded with grant_type=client_credentials",
          "grant_type",
        );
      }
      validated("oauth2.token", formParams(request.body));
      const client = await findAppByConsumerKey(ctx.prisma, consumerKey);
      if (client === null) throw new Error("verified app vanished");
      const state = ctx.limiter.take(`bearer:${client.id}`, ctx.limits.bearerTokenRate);
      if (!state.allowed) {
        throw new ForbiddenError(
          ERROR_CODES.BEARER_TOO_OFTEN,
          `bearer token requested too often (more than ${ctx.limits.bearerTokenRate} times in the window); cache it`,
        );
      }
      return reply.send({
        token_type: "bearer",
        access_token: await getOrCreateBearerToken(ctx, client),
      });
    },
  );

  app.post(
    route("oauth2.invalidate_token"),
    { config: { endpointId: "oauth2.invalidate_token" } },
    async (request, reply) => {
      applyOAuthLimit(ctx, request, reply, "oauth2.invalidate_token");
      const auth = await verifyUserRequest(ctx, "base", request);
      const params = validated("oauth2.invalidate_token", plainParams(request));
      if (auth.app.ownerId !== auth.user.id) {
        throw new ForbiddenError(
          ERROR_CODES.UNAUTHORIZED_ACCESS,
          "only the application owner's access token may invalidate its bearer token",
        );
      }
      if (!(await invalidateBearerToken(ctx, auth.app, params.access_token))) {
        throw new NotFoundError(
          "access_token is not this application's current bearer token",
          "access_token",
        );
      }
      return reply.send({ access_token: params.access_token });
    },
  );
}
