import type { HostRole } from "@adsgraph/models";
import { createSecretBox } from "@adsgraph/storage";
import type { SecretBox, SecretKey, SharedRedis } from "@adsgraph/storage";
import type { AdsApiConfig, Limits } from "./config.js";
import { createNonceStore } from "./credentials/nonces.js";
import { OpenedSecrets } from "./credentials/opened-secrets.js";
import type { NonceStore } from "./credentials/nonces.js";
import { createRedisNonceStore } from "./credentials/redis-nonces.js";
import { hmacBase64url } from "./crypto/tokens.js";
import type { Database, PrismaClient } from "./db/database.js";
import { CursorCodec } from "./paging/keyset-paging.js";
import { memoryRateCounters } from "./rate-limits/rate-counters.js";
import type { RateCounters } from "./rate-limits/rate-counters.js";
import { createRedisRateCounters } from "./rate-limits/redis-rate-counters.js";
import { RequestLog } from "./logging/request-log.js";
import { ActivityHub } from "./services/activity-hub.js";
import { WebhookWorker } from "./services/webhook-worker.js";
import { ListAnswerCache } from "./services/list-answer-cache.js";
import { loadReferenceData } from "./reference/reference-data.js";
import type { ReferenceData } from "./reference/reference-data.js";

/** Everything a request handler, the CLI and the seed work with. */
export interface AppContext {
  readonly db: Database;
  readonly prisma: PrismaClient;
  readonly box: SecretBox;
  /** `box.open` of secrets read on every request, remembered by their sealed text. */
  readonly secrets: OpenedSecrets;
  /** Derived keys: cursor tags and the authorize page's form tokens. */
  readonly formKey: Buffer;
  readonly config: AdsApiConfig;
  /** Public URL of each role; with port 0 configured, the bound port once listening. */
  readonly hosts: Record<HostRole, string>;
  readonly limits: Limits;
  /** The service's clock for resource times (tests move it to close polls). */
  readonly clock: () => Date;
  /**
   * issue 19, shared mode: the Redis replicas share (nonces, counters, activity wake-ups and
   * claims); undefined in the embedded mode. `/health` reports it.
   */
  readonly redis: SharedRedis | undefined;
  /** This process among the replicas: host, pid and a random part. */
  readonly replicaId: string;
  /**
   * Counters of user tokens, apps and accounts (and bearer token requests per app); in this
   * process, or in Redis in shared mode (every counter below too).
   */
  readonly limiter: RateCounters;
  /**
   * Counters of the users batches per account (spec §8: 1,500 requests per 1-minute window),
   * apart from `limiter` because their window is a minute, not 15.
   */
  readonly usersBatchLimiter: RateCounters;
  /**
   * Counters of client addresses on the credential endpoints, counted before anyone is known:
   * apart from `limiter`, so a client sending from ever new addresses evicts only these, never
   * another token's or account's window.
   */
  readonly addressLimiter: RateCounters;
  /**
   * OAuth 1.0a nonces, in the database, or in Redis in shared mode (started and closed with
   * the server).
   */
  readonly replayStore: NonceStore;
  readonly requestLog: RequestLog;
  readonly cursors: CursorCodec;
  readonly reference: ReferenceData;
  /** Answers of account lists by data version (services/list-answer-cache.ts). */
  readonly listCache: ListAnswerCache;
  /** Wake-ups and the one stream per app of the activity stream (issue 18). */
  readonly activity: ActivityHub;
  /** Delivers queued events to webhooks (issue 18); the server starts and closes it. */
  readonly webhooks: WebhookWorker;
}

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
  return {
    db: options.db,
    prisma: options.db.prisma,
    box,
    secrets,
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
    webhooks: new WebhookWorker({ prisma: options.db.prisma, secrets, limits: config.limits }),
  };
}
