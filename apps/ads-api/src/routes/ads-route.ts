import { validateParams } from "@adsgraph/models";
import { readBearerAuthorization } from "@adsgraph/oauth";
import type {
  AnyEndpoint,
  AuthKind,
  Catalog,
  EndpointId,
  EndpointParsedParams,
  EndpointResult,
  HostRole,
} from "@adsgraph/models";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Limits } from "../config.js";
import type { AppContext } from "../context.js";
import type { AuthContext, Caller } from "../auth/verify.js";
import { verifyBearerRequest, verifyUserRequest } from "../auth/verify.js";
import { allows } from "../auth/roles.js";
import { requireSandboxAccount } from "../auth/sandbox-accounts.js";
import { loadAccountScope } from "../credentials/account-scope.js";
import type { Permission } from "../auth/roles.js";
import type { Account } from "../generated/prisma/client.js";
import {
  BadRequestError,
  ERROR_CODES,
  ForbiddenError,
  NotFoundError,
  NotImplementedError,
  RateLimitError,
} from "../errors.js";
import { batchValidationError } from "./batch-errors.js";
import { envelope } from "../http/envelopes.js";
import type {
  BatchResult,
  CollectionResult,
  ListResult,
  RawResult,
  SingleResult,
  StreamResult,
} from "../services/results.js";
import { rateHeaders } from "../rate-limits/rate-limiter.js";
import { answeredNow, authSchemeOf } from "../logging/request-log.js";
import { echoOf, gatherParams } from "../http/request-params.js";
import { applyUsersBatchLimit, usersBatchBodyOf } from "./users-batch-limits.js";

/** The account of the path, with the caller's roles on it. */
export interface AccountScope {
  readonly account: Account;
  readonly permissions: readonly Permission[];
  /** The account's data version, read with the roles (the list cache's key). */
  readonly dataVersion: bigint;
}

/** What an advertising handler receives: validated parameters and who is calling. */
export interface AdsCall<Id extends EndpointId> {
  readonly ctx: AppContext;
  readonly role: HostRole;
  readonly params: EndpointParsedParams<Catalog[Id]>;
  /** Parameters as received (open-parameter endpoints read extra ones here). */
  readonly raw: Readonly<Record<string, unknown>>;
  /** A user, or the app alone on endpoints the catalog lets take the app-only bearer. */
  readonly auth: Caller;
  /** Set when the path has `:account_id`. */
  readonly scope: AccountScope | undefined;
}

/**
 * The result for an answer the catalog describes: a §2.1 envelope's data (one resource, or a
 * list, batch or collection of them), else the body itself (raw-json) or a stream.
 */
type ResultFor<Answer> = Answer extends { readonly data_type: "stats" }
  ? // issue 36: a stats answer is a raw body shaped like an envelope (request, data)
    RawResult<Answer>
  : Answer extends { request: unknown; data: infer Data }
    ? Data extends readonly (infer Item)[]
      ? Answer extends { next_cursor: unknown }
        ? ListResult<Item>
        : Answer extends { request: readonly unknown[] }
          ? BatchResult<Item>
          : CollectionResult<Item>
      : SingleResult<Data>
    : RawResult<Answer> | StreamResult;

/** What a handler of `Id` may answer: what its catalog entry says the endpoint answers. */
export type AdsResult<Id extends EndpointId> = Id extends EndpointId
  ? ResultFor<EndpointResult<Catalog[Id]>>
  : never;

export type AdsHandler<Id extends EndpointId> = (call: AdsCall<Id>) => Promise<AdsResult<Id>>;
export type AdsHandlers = { readonly [Id in EndpointId]?: AdsHandler<Id> };

/** The account of a call that has one in its path. */
export function accountOf(call: { readonly scope: AccountScope | undefined }): Account {
  if (call.scope === undefined) throw new Error("this endpoint has no account in its path");
  return call.scope.account;
}

/** The user of a call; only endpoints taking the app-only bearer (which never ask) may lack one. */
export function userOf(call: { readonly auth: Caller }): AuthContext {
  if (call.auth.kind !== "user") throw new Error("this endpoint was admitted without user context");
  return call.auth;
}

/** The catalog auth kinds an app-only bearer token may call. */
const BEARER_KINDS: ReadonlySet<AuthKind> = new Set(["bearer-or-user", "bearer-or-oauth1"]);

/**
 * Who calls: the app-only bearer token where the catalog allows it (§4.4 reference data, the
 * post-data API's reads of §4.9, §5 Account Activity), else OAuth 1.0a user context, which those
 * take as well. A valid bearer token on a user-context endpoint gets 403 (code 220).
 */
async function authenticate(
  ctx: AppContext,
  role: HostRole,
  endpoint: AnyEndpoint,
  request: FastifyRequest,
): Promise<Caller> {
  const bearer = readBearerAuthorization(request.headers.authorization);
  if (bearer === undefined) {
    // The path's account is read with the credentials (one query), when the path has one.
    const params = request.params as Record<string, string | undefined> | undefined;
    const accountId = endpoint.locations.account_id === "path" ? params?.account_id : undefined;
    return verifyUserRequest(ctx, role, request, accountId);
  }
  const caller = await verifyBearerRequest(ctx, bearer);
  if (!BEARER_KINDS.has(endpoint.auth)) {
    throw new ForbiddenError(
      ERROR_CODES.USER_CONTEXT_REQUIRED,
      `${endpoint.id} needs user context (OAuth 1.0a signed with an access token); the app-only bearer token cannot call it`,
    );
  }
  return caller;
}

/** Rate limits of a caller: per user token, or per app for the app-only bearer. */
function limitKeyOf(auth: Caller): string {
  return auth.kind === "user" ? `user:${auth.tokenHash}` : `app:${auth.app.id}`;
}

const WRITE_METHODS = new Set(["POST", "PUT", "DELETE"]);

/** What Fastify sends an object as; a cached answer is sent as its text with the same type. */
const JSON_TYPE = "application/json; charset=utf-8";

async function resolveScope(
  ctx: AppContext,
  role: HostRole,
  endpoint: AnyEndpoint,
  accountId: string,
  auth: Caller,
  withDeleted: boolean,
): Promise<AccountScope> {
  const user = userOf({ auth });
  const loaded =
    user.prefetchedScope?.accountId === accountId
      ? user.prefetchedScope.loaded
      : await loadAccountScope(ctx.prisma, accountId, user.user.id);
  const { permissions, account } = loaded;
  if (permissions === null) {
    throw new ForbiddenError(
      ERROR_CODES.UNAUTHORIZED_ACCESS,
      `the authenticated user has no access to account ${accountId}`,
      "account_id",
    );
  }
  // The catalog names a capability for every entry with an account in its path.
  const { capability } = endpoint;
  if (capability === null || !allows(permissions, capability)) {
    throw new ForbiddenError(
      ERROR_CODES.UNAUTHORIZED_ACCESS,
      `the user's role on account ${accountId} (${permissions.join(", ") || "none"}) does not allow ${endpoint.id}`,
    );
  }
  if (account === null || (account.deleted && !withDeleted)) {
    throw new NotFoundError(`account ${accountId} does not exist`, "account_id");
  }
  if (role === "ads-sandbox") requireSandboxAccount(account, ctx.hosts.ads);
  return { account, permissions, dataVersion: loaded.dataVersion };
}

/**
 * Families whose budget per token is not `userRate`: issue 36's `stats` (stats.get) counts
 * the reference's 250 requests per window (ADS_API_STATS_RATE_LIMIT).
 */
const FAMILY_LIMITS: Readonly<Record<string, (limits: Limits) => number>> = {
  stats: (limits) => limits.statsRate,
};

function userLimitOf(limits: Limits, family: string): number {
  return Object.hasOwn(FAMILY_LIMITS, family)
    ? (FAMILY_LIMITS[family]?.(limits) ?? limits.userRate)
    : limits.userRate;
}

/** The token's (or app's) budget in the endpoint's rate-limit family (catalog `family`). */
async function applyUserLimit(
  ctx: AppContext,
  reply: FastifyReply,
  auth: Caller,
  endpoint: AnyEndpoint,
): Promise<void> {
  const state = await ctx.limiter.take(
    `${limitKeyOf(auth)}:${endpoint.family}`,
    userLimitOf(ctx.limits, endpoint.family),
  );
  const headers = rateHeaders("x-rate-limit", state);
  void reply.headers(headers);
  if (!state.allowed) {
    throw new RateLimitError(
      `rate limit exceeded for ${endpoint.family} requests of this token`,
      headers,
    );
  }
}

async function applyAccountLimit(
  ctx: AppContext,
  reply: FastifyReply,
  accountId: string,
  endpoint: AnyEndpoint,
): Promise<void> {
  const state = await ctx.limiter.take(
    `account:${accountId}:${endpoint.family}`,
    ctx.limits.accountRate,
  );
  const headers = rateHeaders("x-account-rate-limit", state);
  void reply.headers(headers);
  if (!state.allowed) {
    throw new RateLimitError(
      `rate limit exceeded for ${endpoint.family} requests on account ${accountId}`,
      headers,
    );
  }
}

async function applyTotalCountLimit(ctx: AppContext, auth: Caller): Promise<void> {
  const who = auth.kind === "user" ? auth.user.id : `app:${auth.app.id}`;
  const state = await ctx.limiter.take(`total_count:${who}`, ctx.limits.totalCount);
  if (!state.allowed) {
    throw new RateLimitError(
      `with_total_count=true is limited to ${ctx.limits.totalCount} requests per window`,
      rateHeaders("x-rate-limit", state),
      "with_total_count",
    );
  }
}

/**
 * Registers a catalog endpoint on a host app. The pipeline: OAuth 1.0a verification (or the
 * app-only bearer where the catalog allows it), the user-token (or app) rate limit, the body
 * read and parameter validation through the catalog (400 listing every violation, before
 * anything is written), a read-only token refused on writes, account access and role (and,
 * on the sandbox host, a sandbox account), 501 when no handler exists yet, the
 * with_total_count limit, the account rate limit on GETs, then the handler; its result is
 * wrapped in the spec §2.1 envelope echoing the parameters, or, for the post-data API's
 * `raw-json` endpoints, sent as it is.
 */
export function registerAdsEndpoint(
  app: FastifyInstance,
  ctx: AppContext,
  role: HostRole,
  endpoint: AnyEndpoint,
  handler: AdsHandler<EndpointId> | undefined,
): void {
  const url = `/${endpoint.version ?? ""}${endpoint.path}`.replace(/^\/\//, "/");
  const usersBatch = usersBatchBodyOf(endpoint);
  app.route({
    method: endpoint.method,
    url,
    // spec §8: a users batch may hold 5,000,000 bytes, past every other body's limit.
    ...(usersBatch === undefined ? {} : { bodyLimit: usersBatch.limit }),
    config: {
      endpointId: endpoint.id,
      ...(usersBatch === undefined ? {} : { bodyLimitRule: usersBatch.rule }),
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      // Authentication first: an unauthenticated caller learns nothing of the route (not
      // whether it is implemented, nor what its parameters or body should be).
      const auth = await authenticate(ctx, role, endpoint, request);
      // A users batch spends its account's per-minute budget (below), not the token's 15-minute
      // one, which a token managing several accounts would share between them; the token's
      // budget is spent by the refused ones only, so invalid uploads stay bounded per token.
      if (usersBatch === undefined) await applyUserLimit(ctx, reply, auth, endpoint);
      const countRefusal = async () => {
        if (usersBatch !== undefined) await applyUserLimit(ctx, reply, auth, endpoint);
      };
      let raw: Record<string, unknown>;
      try {
        raw = gatherParams(endpoint, request, { oauth1: auth.kind === "user" });
      } catch (error) {
        await countRefusal();
        throw error;
      }
      const validation = validateParams(endpoint, raw, { now: ctx.clock() });
      if (!validation.ok) {
        await countRefusal();
        if (endpoint.response.kind === "batch") {
          const items = Array.isArray(raw.operations) ? raw.operations.length : 0;
          throw batchValidationError(validation.violations, items);
        }
        throw BadRequestError.fromViolations(validation.violations);
      }
      const params = validation.value as Record<string, unknown>;
      if (
        WRITE_METHODS.has(endpoint.method) &&
        auth.kind === "user" &&
        auth.accessType === "read"
      ) {
        throw new ForbiddenError(
          ERROR_CODES.READ_ONLY_APPLICATION,
          "this access token is read-only and cannot perform write actions",
        );
      }
      const accountId = typeof params.account_id === "string" ? params.account_id : undefined;
      const inPath = endpoint.locations.account_id === "path";
      const scope =
        accountId !== undefined && inPath
          ? await resolveScope(
              ctx,
              role,
              endpoint,
              accountId,
              auth,
              // only a read of the account itself may reach a deleted account
              endpoint.id === "accounts.get" && params.with_deleted === true,
            )
          : undefined;
      // After the role check, so that endpoints still to be built already answer by the roles.
      if (handler === undefined) throw new NotImplementedError(endpoint.id);
      if (params.with_total_count === true) await applyTotalCountLimit(ctx, auth);
      if (scope !== undefined && endpoint.method === "GET") {
        await applyAccountLimit(ctx, reply, scope.account.id, endpoint);
      }
      if (scope !== undefined && usersBatch !== undefined) {
        await applyUsersBatchLimit(ctx, reply, scope.account.id, endpoint.id);
      }
      // Only GETs of an account's lists: the key holds the host role and every validated
      // parameter (the account id among them); the caller's access was checked above, as on
      // every request. Handlers opt in (`cacheable`), so a hit is only ever an opted-in list.
      const cacheKey =
        scope !== undefined && endpoint.method === "GET" && endpoint.response.kind === "list"
          ? `${role}\u0000${endpoint.id}\u0000${JSON.stringify(params)}`
          : undefined;
      if (cacheKey !== undefined && scope !== undefined) {
        const cached = ctx.listCache.get(cacheKey, scope.dataVersion, ctx.clock().getTime());
        if (cached !== undefined) return reply.type(JSON_TYPE).send(cached);
      }
      const result = await handler({
        ctx,
        role,
        params: params,
        raw,
        auth,
        scope,
      });
      if (result.kind === "stream") {
        // The rate-limit headers set above go out with the stream's own head.
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value !== undefined) reply.raw.setHeader(name, value);
        }
        reply.hijack();
        // A hijacked reply skips the onResponse hook that counts requests: counted here.
        ctx.requestLog.record({
          ...answeredNow(reply.elapsedTime),
          role,
          method: request.method,
          route: url,
          endpointId: endpoint.id,
          scheme: authSchemeOf(request.headers.authorization),
          status: 200,
        });
        await result.run(reply.raw);
        return reply;
      }
      // The post-data API v2 (§4.9) answers its own JSON objects, with the status the handler
      // chose (201 for a created post); every other endpoint answers a §2.1 envelope.
      if (result.kind === "raw") return reply.status(result.status ?? 200).send(result.body);
      if ((result.kind === "single" || result.kind === "list") && result.headers !== undefined) {
        void reply.headers(result.headers);
      }
      const body = envelope(result, echoOf(endpoint, params));
      if (cacheKey === undefined || scope === undefined || result.kind !== "list") {
        return reply.send(body);
      }
      if (result.stableUntil === undefined) return reply.send(body);
      // The bytes Fastify's default serializer sends (JSON.stringify), kept as they are.
      const bytes = Buffer.from(JSON.stringify(body), "utf8");
      ctx.listCache.set(cacheKey, {
        version: scope.dataVersion,
        stableUntil: result.stableUntil,
        body: bytes,
      });
      return reply.type(JSON_TYPE).send(bytes);
    },
  });
}

/**
 * An endpoint of the sandbox host reached on the production host: a clear refusal, once the
 * caller is authenticated (and counted against its rate limit like any call).
 */
export function registerSandboxOnly(
  app: FastifyInstance,
  ctx: AppContext,
  role: HostRole,
  endpoint: AnyEndpoint,
): void {
  app.route({
    method: endpoint.method,
    url: `/${endpoint.version ?? ""}${endpoint.path}`,
    config: { endpointId: endpoint.id },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const auth = await authenticate(ctx, role, endpoint, request);
      await applyUserLimit(ctx, reply, auth, endpoint);
      throw new ForbiddenError(
        ERROR_CODES.SANDBOX_ONLY,
        `${endpoint.method} /${endpoint.version ?? ""}${endpoint.path} is only available on the sandbox host ${ctx.hosts["ads-sandbox"]}`,
      );
    },
  });
}
