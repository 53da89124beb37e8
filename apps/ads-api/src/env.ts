import path from "node:path";
import { LIMITS, isLoopbackHost } from "@adsgraph/models";
import { parsePGliteSettings } from "@adsgraph/storage";
import { tracingEnvShape } from "@adsgraph/telemetry";
import { z } from "zod";
import { parseFaults } from "./faults/fault-settings.js";

const appDir = path.resolve(import.meta.dirname, "..");

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an absolute http:// or https:// URL" })
  .refine((value) => new URL(value).pathname === "/", "must have no path (scheme, host, port)");
const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
const seconds = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
const optionalPath = z
  .string()
  .min(1)
  .optional()
  .or(z.literal("").transform(() => undefined));
/** Where a host role listens: a host name or address (IPv6 in brackets) and a port. */
export interface ListenAddress {
  readonly host: string;
  readonly port: number;
}

/** `host:port`, `[v6]:port`; undefined when the text is not one (port 0 to 65535). */
export function parseListenAddress(text: string): ListenAddress | undefined {
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9.-]+)):(\d{1,5})$/.exec(text.trim());
  const host = match?.[1] ?? match?.[2];
  const port = Number(match?.[3]);
  if (host === undefined || !Number.isInteger(port) || port > 65_535) return undefined;
  return { host, port };
}

const listenAddress = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (text === undefined || text.trim() === "") return undefined;
    const address = parseListenAddress(text);
    if (address === undefined) {
      ctx.addIssue({
        code: "custom",
        message: `must be host:port (e.g. 127.0.0.1:4010, or [::1]:4010 for IPv6; port 0 to 65535), not "${text}"`,
        input: text,
      });
      return z.NEVER;
    }
    return address;
  });
/**
 * issue 34: loopback hosts webhooks may reach, for receivers on a developer's machine
 * (`127.0.0.1,localhost,[::1]`); anything else (a private address, a public name) is refused:
 * the setting opens this machine, never a network.
 */
const loopbackHosts = z
  .string()
  .optional()
  .transform((text, ctx) => {
    const hosts = (text ?? "")
      .split(",")
      .map((host) => host.trim())
      .filter((host) => host !== "");
    for (const host of hosts) {
      const bracketed = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
      let hostname: string | undefined;
      try {
        hostname = new URL(`http://${bracketed}/`).hostname;
      } catch {
        hostname = undefined;
      }
      if (hostname === undefined || !isLoopbackHost(hostname)) {
        ctx.addIssue({
          code: "custom",
          message: `must list loopback hosts only (127.0.0.0/8, [::1], localhost, *.localhost), not "${host}"`,
          input: text,
        });
        return z.NEVER;
      }
    }
    return hosts;
  });

const flag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0"])
    .default(fallback ? "true" : "false")
    .transform((value) => value === "true" || value === "1");

/** Every setting of ads-api, with its default; docs/configuration.md lists them. */
const schema = z.object({
  /** Public URL of each host role (spec preamble): clients sign requests against these. */
  ADS_API_BASE_URL: httpUrl.default("http://127.0.0.1:4010"),
  ADS_API_ADS_URL: httpUrl.default("http://127.0.0.1:4011"),
  ADS_API_SANDBOX_URL: httpUrl.default("http://127.0.0.1:4012"),
  /** PEM files; when both are set, https:// host URLs are served over TLS. */
  ADS_API_TLS_CERT: optionalPath,
  ADS_API_TLS_KEY: optionalPath,
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/ })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ADS_API_PGLITE_DIR: z
    .string()
    .min(1)
    .default(path.join(appDir, ".data", "pglite")),
  /** `name=value,...` PostgreSQL settings of its PGlite over storage's PGLITE_SETTINGS. */
  ADS_API_PGLITE_SETTINGS: z
    .string()
    .default("")
    .transform((text, ctx) => {
      try {
        return parsePGliteSettings(text);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message, input: text });
        return z.NEVER;
      }
    }),
  /** 32 bytes, base64 or hex, encrypting secrets at rest; generated under .data/ when unset. */
  ADS_API_SECRET_KEY: optionalPath,
  ADS_API_SECRET_KEY_FILE: z
    .string()
    .min(1)
    .default(path.join(appDir, ".data", "secret.key")),
  /** Seed the demo data set at start (once; idempotent). */
  ADS_API_SEED: flag(true),
  /** Fixed delay added to every response, for benchmarks. */
  ADS_API_LATENCY_MS: z.coerce.number().int().min(0).default(0),
  /** Faults on catalog endpoints (`5xx=0.1,429=0.05,...`, docs/configuration.md); unset: none. */
  ADS_API_FAULTS: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === "") return undefined;
      try {
        return parseFaults(text);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message, input: text });
        return z.NEVER;
      }
    }),
  /** Rate-limit window (spec §8: 15 minutes) and the limits counted in it. */
  ADS_API_RATE_WINDOW_SECONDS: seconds(900),
  ADS_API_RATE_LIMIT: count(10_000),
  ADS_API_ACCOUNT_RATE_LIMIT: count(10_000),
  ADS_API_TOTAL_COUNT_LIMIT: count(200),
  ADS_API_OAUTH_RATE_LIMIT: count(1_000),
  /** /oauth2/token calls per app per window before 403 code 99 (spec §4.1 "too often"). */
  ADS_API_BEARER_TOKEN_LIMIT: count(30),
  ADS_API_REQUEST_TOKEN_TTL_SECONDS: seconds(900),
  ADS_API_SESSION_TTL_SECONDS: seconds(30 * 24 * 3600),
  /** OAuth 1.0a timestamp window, each way. */
  ADS_API_TIMESTAMP_WINDOW_SECONDS: seconds(300),
  /** Nonces one client (API key and token) may hold within the window; more answer 429. */
  ADS_API_NONCES_PER_CLIENT: count(100_000),
  /** Nonces of all clients together before only clients past their fair share are refused. */
  ADS_API_NONCES_MAX: count(1_000_000),
  /** spec §8: active campaigns per account by default (an account may be raised to 8,000). */
  ADS_API_ACTIVE_CAMPAIGN_LIMIT: count(200),
  /**
   * Operations in one campaigns batch request: the spec gives no cap (§8's 10 is for custom
   * audiences). Defaults to the catalog's, which clients check too; it may only be lowered, so
   * the server never takes more than clients may send.
   */
  ADS_API_CAMPAIGN_BATCH_MAX: count(LIMITS.campaignBatch).pipe(
    z.number().max(LIMITS.campaignBatch, {
      error: `must be at most the catalog's campaign-batch cap (${LIMITS.campaignBatch})`,
    }),
  ),
  /**
   * spec §8: requests per ad account to each users-batch endpoint (custom audience users,
   * do-not-reach users) per window of ADS_API_USERS_BATCH_WINDOW_SECONDS (1,500 per minute).
   */
  ADS_API_USERS_BATCH_LIMIT: count(LIMITS.usersBatch.requestsPerWindow),
  ADS_API_USERS_BATCH_WINDOW_SECONDS: seconds(LIMITS.usersBatch.windowMinutes * 60),
  /** issue 18: seconds between keep-alive lines of an idle activity stream. */
  ADS_API_STREAM_KEEPALIVE_SECONDS: seconds(10),
  /** issue 18: serve POST /_admin/activity/events (loopback clients only) to simulate activity. */
  ADS_API_ACTIVITY_ADMIN: flag(false),
  /** issue 18 webhooks: the time a CRC check or one delivery may take before it counts as failed. */
  ADS_API_WEBHOOK_TIMEOUT_MS: count(10_000),
  /**
   * First retry delay of a failed delivery; doubled per attempt (with jitter) up to the max.
   * The defaults spread 10 attempts over about 4 to 8 hours (issue 34; docs/rest-service.md).
   */
  ADS_API_WEBHOOK_RETRY_BASE_MS: count(60_000),
  ADS_API_WEBHOOK_RETRY_MAX_MS: count(4 * 3_600_000),
  /** Attempts of one delivery (the first included) before it is dead. */
  ADS_API_WEBHOOK_MAX_ATTEMPTS: count(10),
  /** Deliveries in flight at once, all webhooks together, per process. */
  ADS_API_WEBHOOK_CONCURRENCY: count(16),
  /** Deliveries in flight at once to one webhook, all processes together (issue 34). */
  ADS_API_WEBHOOK_CONCURRENCY_PER_WEBHOOK: count(4),
  /** Hours delivered and dead deliveries stay in the delivery log before the worker prunes them. */
  ADS_API_WEBHOOK_LOG_RETENTION_HOURS: count(7 * 24),
  /** How often the worker looks for deliveries queued by another process (the CLI). */
  ADS_API_WEBHOOK_POLL_MS: count(1_000),
  /** issue 36: stats.get requests per user token per rate window (the reference's 250). */
  ADS_API_STATS_RATE_LIMIT: count(LIMITS.analytics.syncPerWindow),
  /** issue 36: analytics jobs processing at once per account (the reference's 100). */
  ADS_API_STATS_CONCURRENT_JOBS: count(LIMITS.analytics.concurrentJobs),
  /** issue 36: how long a worker holds an analytics job before another process may take it. */
  ADS_API_STATS_JOB_LEASE_SECONDS: seconds(60),
  /** issue 36: how often the analytics job worker reads the queue unwoken. */
  ADS_API_STATS_JOB_POLL_MS: count(1_000),
  /** issue 36, tests: extra time each analytics job takes (default 0). */
  ADS_API_STATS_JOB_DELAY_MS: z.coerce.number().int().min(0).default(0),
  /** issue 36: how long a finished job's result stays downloadable (the reference: 7 days). */
  ADS_API_STATS_RESULT_TTL_SECONDS: seconds(7 * 24 * 3600),
  /**
   * issue 34, development only: loopback hosts webhooks may reach (local receivers), comma
   * separated; unset: webhooks reach public addresses only. Start fails when it is set with
   * NODE_ENV=production.
   */
  ADS_API_WEBHOOK_ALLOW_HOSTS: loopbackHosts,
  NODE_ENV: z.string().optional(),
  /**
   * issue 19, shared mode: OAuth nonces and every rate-limit counter live in this Redis, so
   * replicas on one database refuse a replay and count limits together. Unset: in-process
   * counters and nonces in the database (one replica). Signed requests are refused with 503
   * while it cannot be reached (fail closed).
   */
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Prepended to every key and channel (deployments sharing one Redis). */
  REDIS_KEY_PREFIX: z.string().min(1).default("adsgraph:ads-api:"),
  /** A Redis command without an answer after this long fails (503 rather than a hung request). */
  REDIS_COMMAND_TIMEOUT_MS: count(5_000),
  /**
   * Where each host role listens (`host:port`), when not where its public URL points: replicas
   * behind a load balancer share the public URLs (clients sign against them) and listen apart.
   */
  ADS_API_LISTEN_BASE: listenAddress,
  ADS_API_LISTEN_ADS: listenAddress,
  ADS_API_LISTEN_SANDBOX: listenAddress,
  /**
   * `GET /metrics` (Prometheus, base host) needs `Authorization: Bearer <this>` when set;
   * without it, it answers loopback clients only, unless ADS_API_METRICS_PUBLIC.
   */
  ADS_API_METRICS_TOKEN: z
    .string()
    .min(1)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Serve `/metrics` to any client without ADS_API_METRICS_TOKEN (default: not in production). */
  ADS_API_METRICS_PUBLIC: flag(process.env.NODE_ENV !== "production"),
  /**
   * issue 34: after SIGTERM or SIGINT, how long requests in flight and open activity streams may
   * take to end before their connections are cut and the process exits.
   */
  ADS_API_SHUTDOWN_GRACE_MS: count(10_000),
  /** Tracing (issue 20, docs/operations.md "Tracing"): the OTEL_* settings telemetry reads. */
  ...tracingEnvShape,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

const checked = schema.superRefine((env, ctx) => {
  // Refused rather than ignored: whoever set it would believe local receivers work.
  if (env.NODE_ENV === "production" && env.ADS_API_WEBHOOK_ALLOW_HOSTS.length > 0) {
    ctx.addIssue({
      code: "custom",
      path: ["ADS_API_WEBHOOK_ALLOW_HOSTS"],
      message:
        "is a development setting and must not be set when NODE_ENV=production (webhooks reach public addresses only there)",
    });
  }
});

export type Env = z.infer<typeof checked>;

/** Parses the environment once; a bad value fails start with the variable's name and the rule. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = checked.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new Error(`Invalid environment for @adsgraph/ads-api:\n${lines.join("\n")}`);
}
