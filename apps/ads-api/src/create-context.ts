import { createSecretBox } from "@adsgraph/storage";
import type { SecretKey, SharedRedis } from "@adsgraph/storage";
import type { AdsApiConfig } from "./config.js";
import { StatsJobWorker } from "./analytics/jobs/job-worker.js";
import type { AppContext } from "./context.js";
import { createNonceStore } from "./credentials/nonces.js";
import { KnownCredentials } from "./credentials/known-credentials.js";
import { OpenedSecrets } from "./credentials/opened-secrets.js";
import { createRedisNonceStore } from "./credentials/redis-nonces.js";
import { hmacBase64url } from "./crypto/tokens.js";
import type { Database } from "./db/database.js";
import { ActivityHub } from "./delivery/activity-hub.js";
import { createOutboundDispatcher } from "./delivery/outbound-dispatcher.js";
import { policyOf } from "./delivery/outbound-guard.js";
import type { Outbound, ResolveHost } from "./delivery/outbound-guard.js";
import { WebhookWorker } from "./delivery/webhook-worker.js";
import { ListAnswerCache } from "./list-cache/list-answer-cache.js";
import { RequestLog } from "./logging/request-log.js";
import { CursorCodec } from "./paging/keyset-paging.js";
import { memoryRateCounters } from "./rate-limits/rate-counters.js";
import type { RateCounters } from "./rate-limits/rate-counters.js";
import { createRedisRateCounters } from "./rate-limits/redis-rate-counters.js";
import { loadReferenceData } from "./reference/reference-data.js";

export interface ContextOptions {
  readonly db: Database;
  /**
   * The keyring for secrets at rest (current key first), or one 32-byte key. Cursor tags and
   * form tokens use keys derived from the current key.
   */
  readonly secretKey: Buffer | readonly SecretKey[];
  readonly config: AdsApiConfig;
  readonly clock?: (() => Date) | undefined;
  /** Shared mode: the connection the server opened for `config.redis`. */
  readonly redis?: SharedRedis | undefined;
  readonly replicaId?: string | undefined;
  /** How outbound requests resolve host names (default getaddrinfo); tests script one. */
  readonly resolve?: ResolveHost | undefined;
}

/** issue 34: the outbound policy and its dispatcher; a refused connection is logged as a warning. */
function outboundOf(config: AdsApiConfig, resolve: ResolveHost | undefined): Outbound {
  const policy = policyOf(config.webhookAllowHosts ?? [], resolve);
  const dispatcher = createOutboundDispatcher(policy, (message) => {
    process.emitWarning(`ads-api: ${message}`);
  });
  return { policy, dispatcher };
}

function deriveKey(secretKey: Buffer, purpose: string): Buffer {
  return Buffer.from(hmacBase64url(secretKey, purpose), "base64url");
}

function keyringOf(secretKey: Buffer | readonly SecretKey[]): readonly SecretKey[] {
  return Buffer.isBuffer(secretKey) ? [{ id: "k1", key: secretKey }] : secretKey;
}

export function createContext(options: ContextOptions): AppContext {
  const { config } = options;
  const keyring = keyringOf(options.secretKey);
  const current = keyring[0]?.key;
  if (current === undefined) throw new Error("the keyring holds no key");
  const box = createSecretBox(keyring);
  const secrets = new OpenedSecrets(box);
  const { redis } = options;
  const replicaId = options.replicaId ?? "embedded";
  const outbound = outboundOf(config, options.resolve);
  /** One kind of rate-limit counter: in Redis in shared mode, else in this process. */
  const counters = (scope: string, windowMs: number): RateCounters =>
    redis === undefined
      ? memoryRateCounters(windowMs, config.limits.rateCounters)
      : createRedisRateCounters(redis, { scope, windowMs });
  const nonceBounds = {
    windowSeconds: config.limits.timestampWindowSeconds,
    maxPerClient: config.limits.noncesPerClient,
    maxEntries: config.limits.maxNonces,
  };
  const context: AppContext = {
    db: options.db,
    prisma: options.db.prisma,
    box,
    secrets,
    knownCredentials: new KnownCredentials(),
    formKey: deriveKey(current, "authorize-form"),
    config,
    hosts: { ...config.hosts },
    limits: config.limits,
    clock: options.clock ?? (() => new Date()),
    redis,
    replicaId,
    limiter: counters("requests", config.limits.rateWindowMs),
    usersBatchLimiter: counters("users-batch", config.limits.usersBatchWindowMs),
    addressLimiter: counters("addresses", config.limits.rateWindowMs),
    replayStore:
      redis === undefined
        ? createNonceStore(options.db, {
            ...nonceBounds,
            // Only the error's name: a driver's message may quote the connection.
            onPruneError: (error) => {
              process.emitWarning(
                `ads-api: deleting expired OAuth nonces failed (${error instanceof Error ? error.name : "error"}); the next run tries again`,
              );
            },
          })
        : createRedisNonceStore(redis, nonceBounds),
    requestLog: new RequestLog(),
    cursors: new CursorCodec(deriveKey(current, "cursor")),
    reference: loadReferenceData(),
    listCache: new ListAnswerCache(),
    activity: new ActivityHub(redis === undefined ? undefined : { redis, replicaId }),
    webhooks: new WebhookWorker({
      prisma: options.db.prisma,
      secrets,
      limits: config.limits,
      dispatcher: outbound.dispatcher,
    }),
    outbound,
    // The worker reads the context it belongs to, once started (after this returns).
    statsJobs: new StatsJobWorker(() => context, replicaId),
  };
  return context;
}
