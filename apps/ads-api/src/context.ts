import type { HostRole } from "@adsgraph/models";
import { createSecretBox } from "@adsgraph/storage";
import type { SecretBox, SecretKey } from "@adsgraph/storage";
import type { AdsApiConfig, Limits } from "./config.js";
import { createNonceStore } from "./credentials/nonces.js";
import { OpenedSecrets } from "./credentials/opened-secrets.js";
import type { NonceStore } from "./credentials/nonces.js";
import { hmacBase64url } from "./crypto/tokens.js";
import type { Database, PrismaClient } from "./db/database.js";
import { CursorCodec } from "./paging/keyset-paging.js";
import { RateLimiter } from "./rate-limits/rate-limiter.js";
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
  /** Counters of user tokens, apps and accounts (and bearer token requests per app). */
  readonly limiter: RateLimiter;
  /**
   * Counters of the users batches per account (spec §8: 1,500 requests per 1-minute window),
   * apart from `limiter` because their window is a minute, not 15.
   */
  readonly usersBatchLimiter: RateLimiter;
  /**
   * Counters of client addresses on the credential endpoints, counted before anyone is known:
   * apart from `limiter`, so a client sending from ever new addresses evicts only these, never
   * another token's or account's window.
   */
  readonly addressLimiter: RateLimiter;
  /** OAuth 1.0a nonces, in the database (started and closed with the server). */
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
    limiter: new RateLimiter(config.limits.rateWindowMs, Date.now, config.limits.rateCounters),
    usersBatchLimiter: new RateLimiter(
      config.limits.usersBatchWindowMs,
      Date.now,
      config.limits.rateCounters,
    ),
    addressLimiter: new RateLimiter(
      config.limits.rateWindowMs,
      Date.now,
      config.limits.rateCounters,
    ),
    replayStore: createNonceStore(options.db, {
      windowSeconds: config.limits.timestampWindowSeconds,
      maxPerClient: config.limits.noncesPerClient,
      maxEntries: config.limits.maxNonces,
      // Only the error's name: a driver's message may quote the connection.
      onPruneError: (error) => {
        process.emitWarning(
          `ads-api: deleting expired OAuth nonces failed (${error instanceof Error ? error.name : "error"}); the next run tries again`,
        );
      },
    }),
    requestLog: new RequestLog(),
    cursors: new CursorCodec(deriveKey(current, "cursor")),
    reference: loadReferenceData(),
    listCache: new ListAnswerCache(),
    activity: new ActivityHub(),
    webhooks: new WebhookWorker({ prisma: options.db.prisma, secrets, limits: config.limits }),
  };
}
