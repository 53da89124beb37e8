import { WIRE_ERROR_MESSAGES } from "@adsgraph/models";
import { OAuthVerificationError, serializeForm, verifyBasicAuthorization } from "@adsgraph/oauth";
import type { FastifyReply, FastifyRequest } from "fastify";
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
import { isFormBody } from "../http/form-body.js";
import { credentialRoute } from "./credential-route.js";
import type { CatalogCredentialRoute } from "./credential-route.js";

function sendForm(reply: FastifyReply, fields: Record<string, string>): FastifyReply {
  return reply
    .type("application/x-www-form-urlencoded")
    .send(serializeForm(Object.entries(fields)));
}

/** User context: signed with the consumer keys and an access token (spec §4.1 invalidations). */
const userContext = async (ctx: AppContext, request: FastifyRequest) => ({
  auth: await verifyUserRequest(ctx, "base", request),
});

/**
 * spec §4.1 credential endpoints on the base host (the browser pages are in authorize.ts),
 * registered through the catalog by registerCatalogRoutes: method, path and parameter rules
 * come from each catalog entry; authentication is each endpoint's own.
 */
export const OAUTH_ROUTES: readonly CatalogCredentialRoute[] = [
  credentialRoute("oauth.request_token", {
    // Consumer keys only; oauth_callback is signed in the header (spec §4.1).
    async authenticate(ctx, request) {
      const { app: client, verified } = await verifyRequestTokenRequest(ctx, request);
      return { auth: client, header: { oauth_callback: verified.callback } };
    },
    async handle({ ctx, reply, auth: client, params }) {
      if (params.oauth_callback !== "oob" && !isCallbackAllowed(client, params.oauth_callback)) {
        throw new ForbiddenError(
          ERROR_CODES.CALLBACK_NOT_APPROVED,
          WIRE_ERROR_MESSAGES[ERROR_CODES.CALLBACK_NOT_APPROVED],
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
  }),

  credentialRoute("oauth.access_token", {
    // Signed with the request token; oauth_token and oauth_verifier ride in the header.
    async authenticate(ctx, request) {
      const { verified } = await verifyAccessTokenRequest(ctx, request);
      return {
        auth: undefined,
        header: { oauth_token: verified.token, oauth_verifier: verified.verifier },
      };
    },
    async handle({ ctx, reply, params }) {
      const outcome = await exchangeRequestToken(ctx, params.oauth_token, params.oauth_verifier);
      if (!outcome.ok) {
        if (outcome.reason === "used") {
          throw new AuthenticationError(
            ERROR_CODES.INVALID_OR_EXPIRED_TOKEN,
            WIRE_ERROR_MESSAGES[ERROR_CODES.INVALID_OR_EXPIRED_TOKEN],
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
  }),

  credentialRoute("oauth.invalidate_token", {
    // spec §4.1: the example adds `.json`; both paths are served.
    aliases: [".json"],
    authenticate: userContext,
    async handle({ ctx, reply, auth }) {
      await invalidateAccessToken(ctx, auth.tokenHash);
      return reply.send({ access_token: auth.token });
    },
  }),

  credentialRoute("oauth2.token", {
    // HTTP Basic with the API key and secret; the body must be a form (spec §4.1).
    async authenticate(ctx, request) {
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
      return { auth: consumerKey };
    },
    async handle({ ctx, reply, auth: consumerKey }) {
      const client = await findAppByConsumerKey(ctx.prisma, consumerKey);
      if (client === null) throw new Error("verified app vanished");
      const state = await ctx.limiter.take(`bearer:${client.id}`, ctx.limits.bearerTokenRate);
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
  }),

  credentialRoute("oauth2.invalidate_token", {
    authenticate: userContext,
    async handle({ ctx, reply, auth, params }) {
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
  }),
];
