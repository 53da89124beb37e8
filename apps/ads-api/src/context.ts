import type { HostRole } from "@adsgraph/models";
import type { SecretBox, SharedRedis } from "@adsgraph/storage";
import type { AdsApiConfig, Limits } from "./config.js";
import type { NonceStore } from "./credentials/nonces.js";
import type { KnownCredentials } from "./credentials/known-credentials.js";
import type { OpenedSecrets } from "./credentials/opened-secrets.js";
import type { Database, PrismaClient } from "./db/database.js";
import type { ActivityHub } from "./delivery/activity-hub.js";
import type { Outbound } from "./delivery/outbound-guard.js";
import type { WebhookWorker } from "./delivery/webhook-worker.js";
import type { ListAnswerCache } from "./list-cache/list-answer-cache.js";
import type { RequestLog } from "./logging/request-log.js";
import type { CursorCodec } from "./paging/keyset-paging.js";
import type { RateCounters } from "./rate-limits/rate-counters.js";
import type { ReferenceData } from "./reference/reference-data.js";

/**
 * Everything a request handler, the CLI and the seed work with: a type only, composed by
 * create-context.ts (the server and the CLI), so that what it holds never imports it back.
 */
export interface AppContext {
  readonly db: Database;
  readonly prisma: PrismaClient;
  readonly box: SecretBox;
  /** `box.open` of secrets read on every request, remembered by their sealed text. */
  readonly secrets: OpenedSecrets;
  /** Credentials of verified requests, for the next request's one-round-trip check. */
  readonly knownCredentials: KnownCredentials;
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
  /** Answers of account lists by data version (list-cache/list-answer-cache.ts). */
  readonly listCache: ListAnswerCache;
  /** Wake-ups and the one stream per app of the activity stream (issue 18). */
  readonly activity: ActivityHub;
  /** Delivers queued events to webhooks (issue 18); the server starts and closes it. */
  readonly webhooks: WebhookWorker;
  /**
   * Computes analytics jobs (issue 36, analytics/jobs/job-worker.ts); the server starts and
   * closes it, a create wakes it. Typed by what callers use: the worker reads this context.
   */
  readonly statsJobs: {
    start(): void;
    wake(): void;
    close(): Promise<void>;
  };
  /**
   * issue 34: where requests to URLs clients gave (webhooks) may go — public addresses, and
   * loopback ones of ADS_API_WEBHOOK_ALLOW_HOSTS — and the dispatcher enforcing it on connect.
   */
  readonly outbound: Outbound;
}
