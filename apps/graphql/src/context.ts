import type { RestClient } from "@adsgraph/rest-client";
import type { Context as TraceContext } from "@opentelemetry/api";
import { initContextCache } from "@pothos/core";
import type { FastifyRequest } from "fastify";
import type { ActivityFanOut } from "./activity/activity-fanout.js";
import { callerOf, type RequestCaller } from "./request-caller.js";
import type { Database } from "./db/database.js";
import { createLoaders, type Loaders } from "./loaders/loaders.js";
import type { Services } from "./services.js";
import { pendingOf } from "./response-cache/request-state.js";
import { ResponseRecorder } from "./response-cache/response-recorder.js";
import { endSessionOnInvalidToken } from "./sessions/end-on-invalid-token.js";
import type { ActiveSession, SessionStore } from "./sessions/session-store.js";
import { CacheMarks } from "./snapshots/cache-report.js";
import { createHistoryReader, type HistoryReader } from "./snapshots/history-reader.js";
import { snapshotMiddleware } from "./snapshots/snapshot-upstream.js";
import { askAccountAccess } from "./access/ask-upstream.js";
import { createStatsSnapshots, DEFAULT_STATS_FRESH_MS } from "./snapshots/stats-snapshots.js";
import { operationContextOf } from "./tracing/operation-span.js";
import { upstreamScope } from "./tracing/upstream-scope.js";
import type { BudgetStore } from "./cost/budget-store.js";
import { costMiddleware, requestCost, type RequestCost } from "./cost/rate-limit-credit.js";
import { appBearerRouting } from "./upstream/app-only.js";
import { createRequestCounter, type RequestCounter } from "./upstream/request-counter.js";

/** Who is asking, as the schema may show it (no credentials). */
export interface Viewer {
  userId: string;
  screenName: string;
}

/**
 * Why a request has no viewer: no session given, a value that cannot be a session token (never
 * looked up), or a token that is unknown, expired or revoked.
 */
export type SessionProblem = "missing" | "malformed" | "invalid" | null;

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
  /**
   * Every upstream read and write of this request: signed as the session's user (reference
   * data with the app's bearer), counted, ending the session on code 89, through snapshots.
   */
  upstream: RestClient;
  /** Upstream requests of this request (`extensions.upstream`, `extensions.cost`). */
  requestCounter: RequestCounter;
  /** This request's plan and rate-limit spending (issue 35, src/cost). */
  cost: RequestCost;
  /** This request's loaders over `upstream`. */
  loaders: Loaders;
  /**
   * Whether upstream said within ACCESS_CHECK_TTL_SECONDS that the caller may see the account;
   * asked once per account per request, so the query plan and the resolvers decide alike.
   */
  accessKnown(accountId: string): boolean;
  /** Which answers came from snapshots (reported in `extensions.cache`). */
  cacheMarks: CacheMarks;
  /** Snapshot versions of a resource, for the history connections. */
  history: HistoryReader;
  /** What this answer rests on, for the response cache (`src/response-cache`). */
  responseRecorder: ResponseRecorder;
  /** The app's activity events, fanned out to subscriptions (shared, not per request). */
  activity: ActivityFanOut;
  /**
   * The operation span's context when the request is traced: the parent of its loader
   * batches and upstream calls, handed on explicitly (no context follows an await).
   */
  traceContext: TraceContext | undefined;
}

export interface ContextDependencies {
  db: Database;
  sessions: SessionStore;
  services: Pick<Services, "upstream" | "batching" | "snapshots" | "responseCache" | "activity">;
  /** The callers' rate-limit budgets (issue 35); without it no request holds any. */
  budgets?: BudgetStore | undefined;
}

function sessionProblemOf(token: string | null, malformed: boolean): SessionProblem {
  if (token === null) return "missing";
  return malformed ? "malformed" : "invalid";
}

export async function createContext(
  request: FastifyRequest,
  dependencies: ContextDependencies,
): Promise<GraphQLContext> {
  const caller = await callerOf(request, dependencies.sessions);
  // The response cache's record when it missed this request, else one nobody reads.
  return contextFor(
    caller,
    dependencies,
    pendingOf(request)?.recorder ?? new ResponseRecorder(),
    operationContextOf(request),
  );
}

/** The context of one operation of `caller` (an HTTP request, or one over a WebSocket). */
export function contextFor(
  { token, malformed, session }: RequestCaller,
  { db, sessions, services, budgets }: ContextDependencies,
  recorder: ResponseRecorder,
  traceContext?: TraceContext,
): GraphQLContext {
  const cost = requestCost(() => (session && budgets ? budgets.forCaller(session) : null));
  // The upstream layers and loaders are built on first use: a subscription (one per open
  // WebSocket operation, held for its lifetime) reads only the session and the fan-out, and
  // building them for it cost about 100 KiB per subscriber (bench activity-fanout).
  // Marks are read by every resolver (reportCacheMarkPaths): made now, they are small.
  const cacheMarks = new CacheMarks();
  const known = new Map<string, boolean>();
  let parts: UpstreamParts | undefined;
  const upstreamParts = () =>
    (parts ??= upstreamPartsFor(session, services, {
      cost,
      recorder,
      sessions,
      cacheMarks,
      traceContext,
    }));
  return {
    // Apollo copies the context object per operation; Pothos's cache key must be set here so
    // per-request loaders stay per request.
    ...initContextCache(),
    // Resolvers reading the database directly (health) answer what no snapshot rule covers.
    db: {
      ...db,
      get prisma() {
        recorder.uncacheable();
        return db.prisma;
      },
    },
    session,
    viewer: session && { userId: session.userId, screenName: session.screenName },
    sessionProblem: session ? null : sessionProblemOf(token, malformed),
    get upstream() {
      return upstreamParts().upstream;
    },
    get requestCounter() {
      return upstreamParts().requestCounter;
    },
    cost,
    get loaders() {
      return upstreamParts().loaders;
    },
    accessKnown(accountId) {
      let held = known.get(accountId);
      if (held === undefined) {
        held = session !== null && services.snapshots.access.holds(session.userId, accountId);
        known.set(accountId, held);
      }
      return held;
    },
    cacheMarks,
    get history() {
      return upstreamParts().history;
    },
    responseRecorder: recorder,
    activity: services.activity,
    traceContext,
  };
}

type UpstreamParts = Pick<GraphQLContext, "upstream" | "requestCounter" | "loaders" | "history">;

/** One operation's upstream client (its layers over the shared pool), loaders and history. */
function upstreamPartsFor(
  session: ActiveSession | null,
  services: ContextDependencies["services"],
  {
    cost,
    recorder,
    sessions,
    cacheMarks,
    traceContext,
  }: {
    cost: RequestCost;
    recorder: ResponseRecorder;
    sessions: SessionStore;
    cacheMarks: CacheMarks;
    traceContext: TraceContext | undefined;
  },
): UpstreamParts {
  const requestCounter = createRequestCounter();
  const endSession =
    session &&
    endSessionOnInvalidToken(async () => {
      await sessions.revoke(session.id, "upstream refused the access token (code 89)");
      services.snapshots.access.forget(session.userId);
      services.responseCache.forgetUser(session.userId);
    });
  // The request's layers over the shared pool (outermost first): the trace parent of its
  // sends (traced only), snapshots, then the session's end on code 89, counting, and routing
  // to the user's or the app's credentials. `direct` (reads the snapshot layer and history
  // make themselves) has the trace parent too.
  const scope = traceContext && upstreamScope(traceContext);
  const direct = (
    session
      ? services.upstream.forToken({
          token: session.accessToken,
          tokenSecret: session.accessTokenSecret,
        })
      : services.upstream.app
  ).with({
    middleware: [
      ...(scope ? [scope] : []),
      ...(endSession ? [endSession] : []),
      requestCounter.middleware,
      costMiddleware(cost),
      appBearerRouting({ app: services.upstream.app, signedIn: session !== null }),
    ],
  });
  const upstream = direct.with({
    middleware: [
      ...(scope ? [scope] : []),
      snapshotMiddleware({
        ...services.snapshots,
        marks: cacheMarks,
        userId: session?.userId ?? null,
        upstream: direct,
        recorder,
        responseCache: services.responseCache,
      }),
    ],
  });
  const history = createHistoryReader({
    repository: services.snapshots.repository,
    access: services.snapshots.access,
    upstream: direct,
    userId: session?.userId ?? null,
  });
  const statsSnapshots = createStatsSnapshots({
    repository: services.snapshots.repository,
    writer: services.snapshots.writer,
    access: services.snapshots.access,
    accountWrites: services.snapshots.accountWrites,
    freshMs: services.snapshots.statsFreshMs ?? DEFAULT_STATS_FRESH_MS,
    recordReads: services.snapshots.recordReads,
    userId: session?.userId ?? null,
    askAccess: (accountId) => askAccountAccess(direct, accountId),
  });
  return {
    upstream,
    requestCounter,
    loaders: createLoaders(upstream, {
      batching: services.batching,
      traceParent: traceContext,
      statsSnapshots,
      marked: (item) => cacheMarks.any && cacheMarks.lookup(item) !== undefined,
    }),
    // History lists every version, not a fresh answer: never stored.
    history: (...args) => {
      recorder.uncacheable();
      return history(...args);
    },
  };
}
