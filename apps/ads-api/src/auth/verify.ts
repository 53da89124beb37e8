import type { HostRole } from "@adsgraph/models";
import { createSigningKey, OAuthVerificationError, verifyRequest } from "@adsgraph/oauth";
import type { RequestKind, TokenLookupResult, VerifiedRequest } from "@adsgraph/oauth";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { sha256Hex } from "../crypto/tokens.js";
import type { AccessToken, App, RequestToken, User } from "../generated/prisma/client.js";
import { asAccessType, findAppByConsumerKey } from "../credentials/apps.js";
import { prefetchUserCredentials } from "../credentials/credential-prefetch.js";
import type { PrefetchedCredentials } from "../credentials/credential-prefetch.js";
import type { AccessType } from "../credentials/apps.js";
import { AuthenticationError, ERROR_CODES } from "../errors.js";
import { toAuthError } from "./oauth-errors.js";
import { headerCredentials, verifiableRequest } from "./signed-request.js";
import { verifyWithKnownCredentials } from "./verify-known.js";

/** The replay-store principal of the access_token leg: the app's sign-ins together. */
const SIGN_IN_LEG = "sign-in";

/** Who a verified user-context request comes from. */
export interface AuthContext {
  readonly kind: "user";
  readonly app: App;
  readonly user: User;
  /** The access token as sent (never logged; invalidate_token answers it). */
  readonly token: string;
  readonly tokenHash: string;
  readonly accessType: AccessType;
  /** The path's account as read with the credentials (this user's roles on it), if any. */
  readonly prefetchedScope?: PrefetchedCredentials["scope"];
}

/** Who a request made with the app-only bearer token comes from: an app, no user. */
export interface AppOnlyContext {
  readonly kind: "app";
  readonly app: App;
}

/** The caller of an advertising endpoint: a user through an app, or (reference data) an app. */
export type Caller = AuthContext | AppOnlyContext;

/**
 * A request with the app-only bearer token (spec §4.1): the token must be the app's current
 * one; an invalidated or unknown token is refused like an invalidated access token (401, 89).
 */
export async function verifyBearerRequest(ctx: AppContext, token: string): Promise<AppOnlyContext> {
  const row = await ctx.prisma.bearerToken.findUnique({
    where: { tokenHash: sha256Hex(token) },
    include: { app: true },
  });
  if (row === null) {
    throw new AuthenticationError(
      ERROR_CODES.INVALID_OR_EXPIRED_TOKEN,
      "Invalid or expired token.",
    );
  }
  return { kind: "app", app: row.app };
}

interface Found {
  app?: App;
  accessToken?: AccessToken & { user: User };
  requestToken?: RequestToken;
}

/**
 * A user-context request's app, token and user in one query (credential-prefetch.ts); the
 * lookups below answer from it when it is for the key and token they are asked about.
 */
async function prefetch(
  ctx: AppContext,
  request: FastifyRequest,
  kind: RequestKind,
  accountId: string | undefined,
): Promise<PrefetchedCredentials | undefined> {
  if (kind !== "protected") return undefined;
  const sent = headerCredentials(request.headers.authorization);
  if (sent === undefined) return undefined;
  return prefetchUserCredentials(ctx.db.sql, sent.consumerKey, sent.token, accountId);
}

async function verify(
  ctx: AppContext,
  role: HostRole,
  request: FastifyRequest,
  kind: RequestKind,
  accountId?: string,
): Promise<{ verified: VerifiedRequest; found: Found; prefetched?: PrefetchedCredentials }> {
  const found: Found = {};
  try {
    const prefetched = await prefetch(ctx, request, kind, accountId);
    const verified = await verifyRequest(verifiableRequest(ctx, role, request), kind, {
      replayStore: ctx.replayStore,
      windowSeconds: ctx.limits.timestampWindowSeconds,
      lookupConsumerSecret: async (consumerKey) => {
        const app =
          prefetched?.consumerKey === consumerKey
            ? prefetched.app
            : await findAppByConsumerKey(ctx.prisma, consumerKey);
        if (app === null) return undefined;
        found.app = app;
        return ctx.secrets.open(app.consumerSecretEnc);
      },
      lookupToken: async (token, { kind: tokenKind }): Promise<TokenLookupResult> => {
        const app = found.app;
        if (app === undefined) return undefined;
        const tokenHash = sha256Hex(token);
        if (tokenKind === "access_token") {
          const row = await ctx.prisma.requestToken.findUnique({ where: { tokenHash } });
          // spec §4.1: request tokens expire and are single use.
          if (row?.appId !== app.id || row.usedAt !== null || row.expiresAt <= ctx.clock()) {
            return undefined;
          }
          found.requestToken = row;
          // Every sign-in of one app shares one share (as the request_token leg does):
          // request tokens are cheap to mint, so each must not buy a share of its own.
          return { status: "active", secret: ctx.box.open(row.secretEnc), owner: SIGN_IN_LEG };
        }
        const row =
          prefetched?.tokenHash === tokenHash && prefetched.app?.id === app.id
            ? prefetched.accessToken
            : await ctx.prisma.accessToken.findUnique({
                where: { tokenHash },
                include: { user: true },
              });
        if (row?.appId !== app.id) return undefined;
        if (row.invalidatedAt !== null) return { status: "invalidated" };
        found.accessToken = row;
        // The user is the owner: every token one user holds with this app shares one share
        // of the nonce store, so signing in again and again buys no more of it.
        return { status: "active", secret: ctx.secrets.open(row.secretEnc), owner: row.userId };
      },
    });
    return { verified, found, prefetched };
  } catch (error) {
    if (error instanceof OAuthVerificationError) throw toAuthError(error);
    throw error;
  }
}

/**
 * A request signed with consumer keys and an access token (advertising calls, invalidation).
 * With `accountId` (the path's), that account's scope is read in the same query. A token this
 * process verified before takes one round trip (verify-known.ts); else, or when that cannot
 * decide, the credentials are read, the signature checked and the nonce inserted, and the
 * token is remembered for its next request.
 */
export async function verifyUserRequest(
  ctx: AppContext,
  role: HostRole,
  request: FastifyRequest,
  accountId?: string,
): Promise<AuthContext> {
  const fast = await verifyKnown(ctx, role, request, accountId);
  if (fast !== undefined) return fast;
  const { verified, found, prefetched } = await verify(ctx, role, request, "protected", accountId);
  const { app, accessToken } = found;
  if (app === undefined || accessToken === undefined || verified.token === undefined) {
    throw new Error("verified without lookups");
  }
  // Only when the token verified is the one the query read (so the roles are this user's).
  const fromQuery = prefetched?.accessToken?.tokenHash === accessToken.tokenHash;
  if (fromQuery && prefetched.fingerprint !== null) {
    const consumerSecret = ctx.secrets.open(app.consumerSecretEnc);
    const tokenSecret = ctx.secrets.open(accessToken.secretEnc);
    ctx.knownCredentials.remember({
      consumerKey: prefetched.consumerKey,
      token: verified.token,
      tokenHash: accessToken.tokenHash,
      app,
      accessToken,
      consumerSecret,
      tokenSecret,
      signingKey: createSigningKey(consumerSecret, tokenSecret),
      fingerprint: prefetched.fingerprint,
    });
  }
  return {
    kind: "user",
    app,
    token: verified.token,
    user: accessToken.user,
    tokenHash: accessToken.tokenHash,
    accessType: asAccessType(accessToken.accessType),
    prefetchedScope: fromQuery ? prefetched.scope : undefined,
  };
}

/** verify-known.ts's one-round-trip path; undefined when the full path must decide. */
async function verifyKnown(
  ctx: AppContext,
  role: HostRole,
  request: FastifyRequest,
  accountId: string | undefined,
): Promise<AuthContext | undefined> {
  let fast;
  try {
    fast = await verifyWithKnownCredentials(ctx, role, request, accountId);
  } catch (error) {
    if (error instanceof OAuthVerificationError) throw toAuthError(error);
    throw error;
  }
  if (fast === undefined) return undefined;
  const { known, verified, scope } = fast;
  if (verified.token === undefined) throw new Error("verified without a token");
  return {
    kind: "user",
    app: known.app,
    token: verified.token,
    user: known.accessToken.user,
    tokenHash: known.tokenHash,
    accessType: asAccessType(known.accessToken.accessType),
    prefetchedScope: scope,
  };
}

/** spec §4.1 leg 1: consumer keys only, oauth_callback required. */
export async function verifyRequestTokenRequest(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<{ app: App; verified: VerifiedRequest }> {
  const { verified, found } = await verify(ctx, "base", request, "request_token");
  if (found.app === undefined) throw new Error("verified without lookups");
  return { app: found.app, verified };
}

/** spec §4.1 leg 3: signed with the request token, oauth_verifier required. */
export async function verifyAccessTokenRequest(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<{ app: App; verified: VerifiedRequest; requestToken: RequestToken }> {
  const { verified, found } = await verify(ctx, "base", request, "access_token");
  if (found.app === undefined || found.requestToken === undefined) {
    throw new Error("verified without lookups");
  }
  return { app: found.app, verified, requestToken: found.requestToken };
}
