import { LIMITS } from "@adsgraph/models";
import type { HostRole } from "@adsgraph/models";
import type { Env, ListenAddress } from "./env.js";
import type { FaultSettings } from "./faults/fault-settings.js";

/** Limits of spec §8 and of this service, each configurable so tests can exhaust them fast. */
export interface Limits {
  /** Rate-limit window (spec: 15 minutes). */
  readonly rateWindowMs: number;
  /** Requests per user token and endpoint family per window. */
  readonly userRate: number;
  /** GET requests per ad account and endpoint family per window (x-account-rate-limit-*). */
  readonly accountRate: number;
  /** spec §8: requests with with_total_count=true per user per window (200). */
  readonly totalCount: number;
  /** Credential endpoint calls per consumer key (or client address) and endpoint per window. */
  readonly oauthRate: number;
  /** /oauth2/token calls per app per window; more answer 403 code 99. */
  readonly bearerTokenRate: number;
  readonly requestTokenTtlMs: number;
  readonly sessionTtlMs: number;
  readonly timestampWindowSeconds: number;
  /** Nonces one client (consumer key and token) may hold within the window; then 429 code 88. */
  readonly noncesPerClient: number;
  /** Nonces of all clients together; past it only clients above their fair share are refused. */
  readonly maxNonces: number;
  /** spec §8: active campaigns per account unless the account has its own limit (max 8,000). */
  readonly activeCampaigns: number;
  /**
   * Operations in one campaigns batch (the spec gives none; the catalog's LIMITS.campaignBatch,
   * which clients check, is the default and the most). apps/ads-api/README.md "Where the spec is silent".
   */
  readonly campaignBatchMax: number;
  /**
   * spec §8: audience users and do-not-reach users batches, per ad account and endpoint per
   * `usersBatchWindowMs` (1,500 per minute); counted apart from every 15-minute limit.
   */
  readonly usersBatchRate: number;
  readonly usersBatchWindowMs: number;
  /**
   * Counters each rate limiter keeps before it drops the oldest: the one of tokens, apps and
   * accounts, and apart from it the one of client addresses (credential endpoints).
   */
  readonly rateCounters: number;
  /** issue 18: a blank keep-alive line on an idle activity stream this often. */
  readonly streamKeepAliveMs: number;
  /** Activity subscriptions an app may hold (LIMITS.activitySubscriptionsPerApp; tests lower it). */
  readonly activitySubscriptionsPerApp: number;
  /** issue 18 webhooks: the most a CRC check or one delivery may take. */
  readonly webhookTimeoutMs: number;
  /** Retry delay after a failed delivery's first attempt, doubled per attempt up to the max. */
  readonly webhookRetryBaseMs: number;
  readonly webhookRetryMaxMs: number;
  /** Attempts of one delivery (the first included) before it is dead. */
  readonly webhookMaxAttempts: number;
  /** Deliveries in flight at once, all webhooks together (per process). */
  readonly webhookConcurrency: number;
  /** Deliveries in flight at once to one webhook, all processes together (issue 34). */
  readonly webhookConcurrencyPerWebhook: number;
  /** How long delivered and dead deliveries stay in the delivery log (issue 34). */
  readonly webhookLogRetentionMs: number;
  /** How often the worker reads the queue unwoken (deliveries queued by another process). */
  readonly webhookPollMs: number;
  /**
   * issue 36: `stats` requests (stats.get) per user token per window; the reference's 250
   * (LIMITS.analytics.syncPerWindow) by default, lowered by tests to exhaust it.
   */
  readonly statsRate: number;
  /** issue 36: analytics jobs queued or processing at once per account (LIMITS.analytics.concurrentJobs). */
  readonly statsConcurrentJobs: number;
  /** How long a worker holds a job it took; a process killed mid-job leaves it to another after this. */
  readonly statsJobLeaseMs: number;
  /** How often the job worker reads the queue unwoken (jobs created on another replica). */
  readonly statsJobPollMs: number;
  /** Extra time each job takes before its result is written (tests: a job still running when its process is killed). */
  readonly statsJobDelayMs: number;
  /** How long a finished job's result can be downloaded (then EXPIRED; the reference: 7 days). */
  readonly statsResultTtlMs: number;
}

export interface TlsFiles {
  readonly cert: string;
  readonly key: string;
}

/**
 * issue 19, shared mode: the Redis that replicas over one database share (OAuth nonces, every
 * rate-limit counter, activity stream wake-ups and claims).
 */
export interface RedisSettings {
  readonly url: string;
  /** Prepended to every key and channel. */
  readonly prefix: string;
  /** A command without an answer after this long fails (the request gets 503). */
  readonly commandTimeoutMs: number;
}

/** Who may read `GET /metrics` (base host): see `src/metrics/metrics-route.ts`. */
export interface MetricsSettings {
  /** When set, `/metrics` needs `Authorization: Bearer <token>`, whoever asks. */
  readonly token: string | undefined;
  /** Without a token: any client (true), or loopback clients only (false). */
  readonly public: boolean;
}

export interface AdsApiConfig {
  /** Public URL of each host role; signatures are checked against these. */
  readonly hosts: Readonly<Record<HostRole, string>>;
  /**
   * Where a role listens when not where its public URL points (replicas behind a load balancer
   * share the public URLs and listen apart); a role not named listens at its public URL.
   */
  readonly listen?: Readonly<Partial<Record<HostRole, ListenAddress>>> | undefined;
  /** Shared mode (several replicas as one service); undefined: embedded, all in process. */
  readonly redis?: RedisSettings | undefined;
  readonly tls: TlsFiles | undefined;
  readonly limits: Limits;
  readonly latencyMs: number;
  /** Faults injected on catalog endpoints (resilience runs); undefined: none. */
  readonly faults?: FaultSettings | undefined;
  readonly logLevel: Env["LOG_LEVEL"];
  /**
   * issue 18: POST /_admin/activity/events (loopback clients only) simulates activity; off
   * unless ADS_API_ACTIVITY_ADMIN is set.
   */
  readonly activityAdmin?: boolean | undefined;
  /** `GET /metrics` on the base host; undefined: loopback clients only, no token. */
  readonly metrics?: MetricsSettings | undefined;
  /**
   * issue 34, development only: hosts whose loopback addresses webhooks may reach (local
   * receivers), ADS_API_WEBHOOK_ALLOW_HOSTS; undefined or empty: public addresses only.
   */
  readonly webhookAllowHosts?: readonly string[] | undefined;
}

export const DEFAULT_HOSTS: Readonly<Record<HostRole, string>> = {
  base: "http://127.0.0.1:4010",
  ads: "http://127.0.0.1:4011",
  "ads-sandbox": "http://127.0.0.1:4012",
};

const MINUTE_MS = 60_000;

export const DEFAULT_LIMITS: Limits = {
  rateWindowMs: 15 * MINUTE_MS,
  userRate: 10_000,
  accountRate: 10_000,
  totalCount: 200,
  oauthRate: 1_000,
  bearerTokenRate: 30,
  requestTokenTtlMs: 15 * MINUTE_MS,
  sessionTtlMs: 30 * 24 * 60 * MINUTE_MS,
  timestampWindowSeconds: 300,
  noncesPerClient: 100_000,
  maxNonces: 1_000_000,
  activeCampaigns: 200,
  campaignBatchMax: LIMITS.campaignBatch,
  usersBatchRate: LIMITS.usersBatch.requestsPerWindow,
  usersBatchWindowMs: LIMITS.usersBatch.windowMinutes * MINUTE_MS,
  rateCounters: 200_000,
  streamKeepAliveMs: 10_000,
  activitySubscriptionsPerApp: LIMITS.activitySubscriptionsPerApp,
  webhookTimeoutMs: 10_000,
  webhookRetryBaseMs: MINUTE_MS,
  webhookRetryMaxMs: 240 * MINUTE_MS,
  webhookMaxAttempts: 10,
  webhookConcurrency: 16,
  webhookConcurrencyPerWebhook: 4,
  webhookLogRetentionMs: 7 * 24 * 60 * MINUTE_MS,
  webhookPollMs: 1_000,
  statsRate: LIMITS.analytics.syncPerWindow,
  statsConcurrentJobs: LIMITS.analytics.concurrentJobs,
  statsJobLeaseMs: MINUTE_MS,
  statsJobPollMs: 1_000,
  statsJobDelayMs: 0,
  statsResultTtlMs: 7 * 24 * 60 * MINUTE_MS,
};

/** The configuration an environment describes. */
export function configFromEnv(env: Env): AdsApiConfig {
  const tlsCert = env.ADS_API_TLS_CERT;
  const tlsKey = env.ADS_API_TLS_KEY;
  if ((tlsCert === undefined) !== (tlsKey === undefined)) {
    throw new Error("ADS_API_TLS_CERT and ADS_API_TLS_KEY must be set together");
  }
  return {
    hosts: {
      base: env.ADS_API_BASE_URL,
      ads: env.ADS_API_ADS_URL,
      "ads-sandbox": env.ADS_API_SANDBOX_URL,
    },
    tls: tlsCert !== undefined && tlsKey !== undefined ? { cert: tlsCert, key: tlsKey } : undefined,
    listen: {
      ...(env.ADS_API_LISTEN_BASE && { base: env.ADS_API_LISTEN_BASE }),
      ...(env.ADS_API_LISTEN_ADS && { ads: env.ADS_API_LISTEN_ADS }),
      ...(env.ADS_API_LISTEN_SANDBOX && { "ads-sandbox": env.ADS_API_LISTEN_SANDBOX }),
    },
    redis:
      env.REDIS_URL === undefined
        ? undefined
        : {
            url: env.REDIS_URL,
            prefix: env.REDIS_KEY_PREFIX,
            commandTimeoutMs: env.REDIS_COMMAND_TIMEOUT_MS,
          },
    latencyMs: env.ADS_API_LATENCY_MS,
    faults: env.ADS_API_FAULTS,
    logLevel: env.LOG_LEVEL,
    activityAdmin: env.ADS_API_ACTIVITY_ADMIN,
    metrics: { token: env.ADS_API_METRICS_TOKEN, public: env.ADS_API_METRICS_PUBLIC },
    webhookAllowHosts: env.ADS_API_WEBHOOK_ALLOW_HOSTS,
    limits: {
      rateWindowMs: env.ADS_API_RATE_WINDOW_SECONDS * 1000,
      userRate: env.ADS_API_RATE_LIMIT,
      accountRate: env.ADS_API_ACCOUNT_RATE_LIMIT,
      totalCount: env.ADS_API_TOTAL_COUNT_LIMIT,
      oauthRate: env.ADS_API_OAUTH_RATE_LIMIT,
      bearerTokenRate: env.ADS_API_BEARER_TOKEN_LIMIT,
      requestTokenTtlMs: env.ADS_API_REQUEST_TOKEN_TTL_SECONDS * 1000,
      sessionTtlMs: env.ADS_API_SESSION_TTL_SECONDS * 1000,
      timestampWindowSeconds: env.ADS_API_TIMESTAMP_WINDOW_SECONDS,
      noncesPerClient: env.ADS_API_NONCES_PER_CLIENT,
      maxNonces: env.ADS_API_NONCES_MAX,
      activeCampaigns: env.ADS_API_ACTIVE_CAMPAIGN_LIMIT,
      campaignBatchMax: env.ADS_API_CAMPAIGN_BATCH_MAX,
      usersBatchRate: env.ADS_API_USERS_BATCH_LIMIT,
      usersBatchWindowMs: env.ADS_API_USERS_BATCH_WINDOW_SECONDS * 1000,
      rateCounters: DEFAULT_LIMITS.rateCounters,
      streamKeepAliveMs: env.ADS_API_STREAM_KEEPALIVE_SECONDS * 1000,
      activitySubscriptionsPerApp: DEFAULT_LIMITS.activitySubscriptionsPerApp,
      webhookTimeoutMs: env.ADS_API_WEBHOOK_TIMEOUT_MS,
      webhookRetryBaseMs: env.ADS_API_WEBHOOK_RETRY_BASE_MS,
      webhookRetryMaxMs: env.ADS_API_WEBHOOK_RETRY_MAX_MS,
      webhookMaxAttempts: env.ADS_API_WEBHOOK_MAX_ATTEMPTS,
      webhookConcurrency: env.ADS_API_WEBHOOK_CONCURRENCY,
      webhookConcurrencyPerWebhook: env.ADS_API_WEBHOOK_CONCURRENCY_PER_WEBHOOK,
      webhookLogRetentionMs: env.ADS_API_WEBHOOK_LOG_RETENTION_HOURS * 60 * MINUTE_MS,
      webhookPollMs: env.ADS_API_WEBHOOK_POLL_MS,
      statsRate: env.ADS_API_STATS_RATE_LIMIT,
      statsConcurrentJobs: env.ADS_API_STATS_CONCURRENT_JOBS,
      statsJobLeaseMs: env.ADS_API_STATS_JOB_LEASE_SECONDS * 1000,
      statsJobPollMs: env.ADS_API_STATS_JOB_POLL_MS,
      statsJobDelayMs: env.ADS_API_STATS_JOB_DELAY_MS,
      statsResultTtlMs: env.ADS_API_STATS_RESULT_TTL_SECONDS * 1000,
    },
  };
}
