import type { Hooks } from "@adsgraph/rest-client";
import type { ActivityFanOut } from "./activity/activity-fanout.js";
import { createActivity } from "./activity/create-activity.js";
import type { Database } from "./db/database.js";
import { upstreamValidation, type Env } from "./env.js";
import { loadSecretBox } from "./sessions/keyring.js";
import { createLoginAttempts, type LoginAttempts } from "./sessions/login-attempts.js";
import { createSessionStore, type SessionStore } from "./sessions/session-store.js";
import { createAccountAccess, type AccountAccess } from "./access/account-access.js";
import { createSharedAccessStore } from "./access/shared-access-store.js";
import { createSessionRevocations } from "./sessions/session-revocations.js";
import { shareAccountWrites } from "./snapshots/shared-account-writes.js";
import { createResponseCache, type ResponseCache } from "./response-cache/response-cache.js";
import { createFreshnessPolicy, type FreshnessPolicy } from "./snapshots/freshness.js";
import type { AccountWrite, AccountWrites, SnapshotAnswer } from "./snapshots/snapshot-upstream.js";
import {
  createSnapshotRepository,
  type SnapshotRepository,
} from "./snapshots/snapshot-repository.js";
import { createSnapshotWriter, type SnapshotWriter } from "./snapshots/snapshot-writer.js";
import { createUpstreamClients, type UpstreamClients } from "./upstream/clients.js";
import type { SharedState } from "./shared/shared-state.js";
import { sharedUpstream } from "./shared/shared-upstream.js";

/** The long-lived parts of the app, shared by every request (no per-user state in here). */
export interface Services {
  sessions: SessionStore;
  attempts: LoginAttempts;
  /** The REST clients: one connection pool, a signing client per access token. */
  upstream: UpstreamClients;
  /** Per-request reads batch by id (UPSTREAM_BATCHING). */
  batching: boolean;
  /** What the facade has read, written behind the responses, and the rules for serving it. */
  snapshots: {
    repository: SnapshotRepository;
    writer: SnapshotWriter;
    /** SNAPSHOT_WRITES: false turns snapshots off (nothing written, so nothing answers). */
    recordReads: boolean;
    policy: FreshnessPolicy;
    /** Process-wide, keyed by user: which accounts upstream lately said each user may see. */
    access: AccountAccess;
    accountWrites: AccountWrites;
    /** Shared mode: tells the other replicas of each write (undefined in the embedded mode). */
    announceWrite: ((write: AccountWrite) => Promise<void>) | undefined;
    /** Digest of each call's last recorded answer, to skip re-recording unchanged ones. */
    recentDigests: Map<string, string>;
    /** Told how each read was answered (metrics). */
    onAnswer: ((result: SnapshotAnswer) => void) | undefined;
    /** STATS_FRESH_SECONDS in ms: metrics over open hours served again (default 60 s). */
    statsFreshMs?: number;
  };
  /** Whole answers built from fresh snapshots, served again without executing (per user). */
  responseCache: ResponseCache;
  /** The app's one upstream activity stream, fanned out to GraphQL subscriptions. */
  activity: ActivityFanOut;
  /** What replicas share through Redis (issue 19); `redis` undefined in the embedded mode. */
  shared: SharedState | undefined;
}

/** What metrics (src/metrics) observe as the services work; each part optional. */
export interface ServiceObservers {
  /** rest-client hooks of every upstream client. */
  readonly upstreamHooks?: Hooks;
  readonly snapshotAnswered?: (result: SnapshotAnswer) => void;
  readonly snapshotWriteFailed?: () => void;
}

export function createServices(
  db: Database,
  env: Env,
  warn: (message: string) => void,
  shared?: SharedState,
  observers: ServiceObservers = {},
): Services {
  const box = loadSecretBox(env, warn);
  const repository = createSnapshotRepository(db.prisma);
  const consumer = {
    consumerKey: env.FACADE_CONSUMER_KEY,
    consumerSecret: env.FACADE_CONSUMER_SECRET,
  };
  const access = createAccountAccess({
    ttlMs: env.ACCESS_CHECK_TTL_SECONDS * 1000,
    shared: shared && createSharedAccessStore(shared),
  });
  const accountWrites: AccountWrites = new Map();
  const responseCache = createResponseCache({
    maxBytes: env.RESPONSE_CACHE_MAX_BYTES,
    userMaxBytes: env.RESPONSE_CACHE_USER_MAX_BYTES,
    access,
    accountWrites,
    accessTtlMs: env.ACCESS_CHECK_TTL_SECONDS * 1000,
  });
  const upstream = createUpstreamClients({
    hosts: {
      base: env.ADS_API_BASE_URL,
      ads: env.ADS_API_ADS_URL,
      "ads-sandbox": env.ADS_API_SANDBOX_URL,
    },
    consumer,
    timeoutMs: env.UPSTREAM_TIMEOUT_MS,
    rateLimitWaitMs: env.UPSTREAM_RATE_LIMIT_WAIT_MS,
    validateResponses: upstreamValidation(env),
    hooks: observers.upstreamHooks,
    ...sharedUpstream(shared, box),
  });
  return {
    sessions: createSessionStore({
      prisma: db.prisma,
      box,
      ttlMs: env.SESSION_TTL_SECONDS * 1000,
      cacheMs: env.SESSION_CACHE_SECONDS * 1000,
      revocations: shared && createSessionRevocations(shared),
    }),
    attempts: createLoginAttempts({ prisma: db.prisma, box, ttlMs: 15 * 60 * 1000 }),
    upstream,
    batching: env.UPSTREAM_BATCHING,
    snapshots: {
      repository,
      recordReads: env.SNAPSHOT_WRITES,
      writer: createSnapshotWriter(repository, {
        onError: (error) => {
          observers.snapshotWriteFailed?.();
          warn(`snapshot write failed: ${error instanceof Error ? error.message : String(error)}`);
        },
      }),
      policy: createFreshnessPolicy({
        referenceSeconds: env.SNAPSHOT_FRESH_SECONDS_REFERENCE,
        entitySeconds: env.SNAPSHOT_FRESH_SECONDS_ENTITY,
        statsSeconds: env.STATS_FRESH_SECONDS,
      }),
      access,
      accountWrites,
      announceWrite: shareAccountWrites(shared, { accountWrites, responseCache }),
      recentDigests: new Map(),
      onAnswer: observers.snapshotAnswered,
      statsFreshMs: env.STATS_FRESH_SECONDS * 1000,
    },
    responseCache,
    // The facade's app, app-only bearer: one stream and one subscription per user for
    // everyone (for the cluster, through Redis, when REDIS_URL is set).
    activity: createActivity(upstream.app, env, warn, shared),
    shared,
  };
}
