import path from "node:path";
import { parsePGliteSettings } from "@adsgraph/storage";
import { tracingEnvShape } from "@adsgraph/telemetry";
import { z } from "zod";

const appDir = path.resolve(import.meta.dirname, "..");

const port = z.coerce.number().int().min(0).max(65_535);
const origin = z
  .url({ protocol: /^https?$/, error: "must be an absolute http:// or https:// URL" })
  .refine((value) => new URL(value).pathname === "/", "must have no path (scheme, host, port)")
  .transform((value) => value.replace(/\/$/, ""));
const seconds = (fallback: number) => z.coerce.number().int().min(0).default(fallback);
const flag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0"])
    .default(fallback ? "true" : "false")
    .transform((value) => value === "true" || value === "1");
const optional = z
  .string()
  .min(1)
  .optional()
  .or(z.literal("").transform(() => undefined));

/**
 * Every setting of the GraphQL app, with its default; docs/configuration.md lists them. The
 * facade's app credentials and the dev access token default to the DEV-ONLY values ads-api seeds
 * (apps/ads-api/src/seed/demo-credentials.ts; a test keeps them equal).
 */
const schema = z.object({
  GRAPHQL_HOST: z.string().min(1).default("127.0.0.1"),
  GRAPHQL_PORT: port.default(4000),
  /** Where browsers reach the facade; the OAuth callback is `<this>/auth/callback`. */
  GRAPHQL_PUBLIC_URL: origin.optional(),
  /** The upstream service's three host roles (spec §1). */
  ADS_API_BASE_URL: origin.default("http://127.0.0.1:4010"),
  ADS_API_ADS_URL: origin.default("http://127.0.0.1:4011"),
  ADS_API_SANDBOX_URL: origin.default("http://127.0.0.1:4012"),
  /** The facade's own app on the upstream service (three-legged sign-in, app-only bearer). */
  FACADE_CONSUMER_KEY: z.string().min(1).default("adsgraph-demo-consumer-key"),
  FACADE_CONSUMER_SECRET: z.string().min(1).default("adsgraph-demo-consumer-secret-DEV-ONLY"),
  /**
   * Comma-separated AES-256 keys (64 hex digits or base64), current first; see
   * docs/operations.md "Sessions".
   */
  SESSION_ENCRYPTION_KEYS: optional,
  SESSION_ENCRYPTION_KEYS_FILE: z
    .string()
    .min(1)
    .default(path.join(appDir, ".data", "session-keys")),
  SESSION_TTL_SECONDS: seconds(7 * 24 * 3600),
  /**
   * How long a resolved session is reused by this process without a database read (0: every
   * request reads it). Sign-out and code 89 in this process apply at once; another replica
   * may accept a session it revoked for up to this long (docs/operations.md "Sessions").
   */
  SESSION_CACHE_SECONDS: seconds(5),
  /**
   * Which proxies' `X-Forwarded-For` to believe for the client's address (Fastify's
   * `trustProxy`): `false` (none: the peer is the client), `true` (any), a number of hops, or
   * comma-separated addresses or CIDRs. Behind a proxy, leave it false and every caller shares
   * the proxy's address, and so one sign-in budget.
   */
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((value): boolean | string | ((address: string, hop: number) => boolean) => {
      const text = value.trim();
      if (text === "" || text === "false") return false;
      if (text === "true") return true;
      if (!/^\d+$/.test(text)) return text;
      const hops = Number(text);
      return (_address, hop) => hop < hops; // believe that many proxies nearest to us
    }),
  /** Sign-ins one client address may start (`/auth/login`, `/auth/pin/start`) per window. */
  SIGN_IN_LIMIT: z.coerce.number().int().min(1).default(30),
  SIGN_IN_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** At start, open a session for the dev access token and hand it to the playground. */
  DEV_SESSION: flag(process.env.NODE_ENV !== "production"),
  DEV_USER_ID: z
    .string()
    .regex(/^[0-9]+$/, "must be digits")
    .default("1400000000000000001"),
  DEV_SCREEN_NAME: z.string().min(1).default("adsgraph_demo"),
  DEV_ACCESS_TOKEN: z.string().min(1).default("1400000000000000001-adsgraphDemoAccessTokenDEVONLY"),
  DEV_ACCESS_TOKEN_SECRET: z.string().min(1).default("adsgraph-demo-access-token-secret-DEV-ONLY"),
  /**
   * Batch by-id reads into the list endpoints' 200-id parameters (per request, per account).
   * false switches the loaders off: one upstream request per id (the benchmark's baseline).
   */
  UPSTREAM_BATCHING: flag(true),
  /** Report each response's upstream request count in `extensions.upstream` (tests, bench). */
  UPSTREAM_STATS: flag(false),
  /**
   * Plan each operation's upstream requests before it runs (issue 35, src/cost): refuse one
   * the caller's rate limits cannot cover, hold its budget, answer `explain`. false skips the
   * planner (every operation runs, `extensions.cost` reports what was sent): the benchmark's
   * baseline for the planner's CPU cost.
   */
  COST_PLANNING: flag(true),
  /**
   * Which upstream bodies are checked against the catalog's response schemas: `full` every
   * one; `sample` each endpoint's first answer and then one in UPSTREAM_VALIDATION_SAMPLE_EVERY
   * (production's default: a contract drift still shows within that many answers, at a
   * fraction of the cost). Tests and development check every body.
   */
  UPSTREAM_VALIDATION: z
    .enum(["full", "sample"])
    .default(process.env.NODE_ENV === "production" ? "sample" : "full"),
  UPSTREAM_VALIDATION_SAMPLE_EVERY: z.coerce.number().int().min(1).default(16),
  /** Per-attempt timeout of an upstream request. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000),
  /** Longest one GraphQL request waits out upstream rate limits before RATE_LIMITED. */
  UPSTREAM_RATE_LIMIT_WAIT_MS: z.coerce.number().int().min(0).default(10_000),
  /** How long a snapshot answers without asking upstream; 0 turns it off. */
  SNAPSHOT_FRESH_SECONDS_REFERENCE: seconds(3600),
  SNAPSHOT_FRESH_SECONDS_ENTITY: seconds(30),
  /**
   * issue 36: how long metrics over a range that has not ended yet (it holds the current hour)
   * are served again without asking upstream; 0 never. Ranges that have ended are final and
   * always served from their snapshot.
   */
  STATS_FRESH_SECONDS: seconds(60),
  /**
   * issue 36: how long metrics snapshots are kept after they were last fetched (30 days); an
   * ended range asked again after that is fetched once more. 0 keeps them for ever.
   */
  STATS_SNAPSHOT_RETENTION_SECONDS: seconds(30 * 24 * 3600),
  /** Record what is read as snapshots (false: no snapshots are written, none answer). */
  SNAPSHOT_WRITES: flag(true),
  /** How long a user's access to an account is trusted before upstream is asked again. */
  ACCESS_CHECK_TTL_SECONDS: seconds(60),
  /**
   * Whole answers built only from fresh snapshots, kept in memory and served again to the same
   * user (docs/operations.md "Response cache"): all entries together, in bytes; 0 turns the cache off.
   */
  RESPONSE_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(64 * 1024 * 1024),
  /** One user's share of it: past it, that user's least recently used answers go first. */
  RESPONSE_CACHE_USER_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(8 * 1024 * 1024),
  /**
   * Activity subscriptions (docs/graphql.md "Subscriptions"): how many one user may hold at once (over
   * all of its WebSocket connections), and all users together, so no client exhausts memory.
   */
  ACTIVITY_SUBSCRIPTIONS_PER_USER: z.coerce.number().int().min(1).default(10),
  ACTIVITY_SUBSCRIPTIONS_MAX: z.coerce.number().int().min(1).default(10_000),
  /** Events waiting for one slow subscriber; past it the subscription ends with an error. */
  ACTIVITY_SUBSCRIBER_QUEUE: z.coerce.number().int().min(1).default(100),
  /**
   * issue 34: the app's last events kept for clients resuming with `activityEvents(after:)`
   * (in Redis with REDIS_URL, else in process); a resume from further back is refused.
   */
  ACTIVITY_RETAINED_EVENTS: z.coerce.number().int().min(1).default(10_000),
  /**
   * issue 34: how long a user's upstream subscription and the app's stream outlive the user's
   * last subscriber, so a client reconnecting with `after:` within it misses no event (each
   * kept subscription counts against ads-api's per-app cap meanwhile); 0: released at once.
   */
  ACTIVITY_RESUME_GRACE_MS: z.coerce.number().int().min(0).default(120_000),
  /** The upstream stream's reconnect delay (first, then doubling up to 60 s) and stall timeout. */
  ACTIVITY_STREAM_BACKOFF_MS: z.coerce.number().int().min(1).default(1_000),
  ACTIVITY_STREAM_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000),
  /**
   * How often an open WebSocket checks that its session still lives (revoked by another
   * replica; sign-out and code 89 in this process end it at once, expiry on time).
   */
  ACTIVITY_SESSION_CHECK_SECONDS: z.coerce.number().int().min(1).default(60),
  /**
   * How often each WebSocket is pinged; a client that answers nothing for two of these in a row
   * while the facade was responsive is taken as gone (closed with 4410). docs/graphql.md "Transport".
   */
  GRAPHQL_WS_PING_MS: z.coerce.number().int().min(10).default(12_000),
  /**
   * issue 19, shared mode (docs/operations.md "Replicas"): upstream rate-limit budgets, the
   * app bearer token, access checks, persisted queries and activity fan-out are shared through
   * this Redis. Unset: all of it in process (one replica). While Redis is down the facade keeps
   * answering with local state and says so (logs, /health).
   */
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Prepended to every key and channel (deployments sharing one Redis). */
  REDIS_KEY_PREFIX: z.string().min(1).default("adsgraph:graphql:"),
  /** A Redis command without an answer after this long fails and local state answers. */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(1).default(2_000),
  /**
   * How long the replica holding the app's activity-stream lease keeps it without renewing;
   * another replica takes the stream over within about this long after the holder dies.
   */
  ACTIVITY_LEASE_MS: z.coerce.number().int().min(1_000).default(5_000),
  /** How long a persisted query (APQ, shared mode only) is kept after its last use. */
  PERSISTED_QUERY_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 3600),
  /**
   * `GET /metrics` (Prometheus) needs `Authorization: Bearer <this>` when set; in production
   * without it no /metrics is served.
   */
  METRICS_TOKEN: optional,
  /** Serve `/metrics` without METRICS_TOKEN (default: not in production). */
  METRICS_PUBLIC: flag(process.env.NODE_ENV !== "production"),
  /**
   * issue 34: after SIGTERM or SIGINT, how long requests in flight may take to end (WebSockets
   * are closed with 1001 at once) before every connection left is cut and the process exits.
   */
  GRAPHQL_SHUTDOWN_GRACE_MS: z.coerce.number().int().min(1).default(10_000),
  /** Tracing (issue 20, docs/operations.md "Tracing"): the OTEL_* settings telemetry reads. */
  ...tracingEnvShape,
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/ })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  GRAPHQL_PGLITE_DIR: z
    .string()
    .min(1)
    .default(path.join(appDir, ".data", "pglite")),
  /** `name=value,...` PostgreSQL settings of its PGlite over storage's PGLITE_SETTINGS. */
  GRAPHQL_PGLITE_SETTINGS: z
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
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * issue 37: log lines gathered up to this many bytes (or for 250 ms) and written together, not
   * one system call per request; 0 writes each line at once. The cost: the last 250 ms of lines
   * are lost if the process is killed outright (docs/operations.md "Facade memory and CPU").
   */
  LOG_BUFFER_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(16 * 1024),
});

export type Env = z.infer<typeof schema> & { GRAPHQL_PUBLIC_URL: string };

/** rest-client's `validateResponses` for UPSTREAM_VALIDATION. */
export function upstreamValidation(env: Env): true | { sampleEvery: number } {
  return env.UPSTREAM_VALIDATION === "full"
    ? true
    : { sampleEvery: env.UPSTREAM_VALIDATION_SAMPLE_EVERY };
}

/** Parses the environment once; a bad value fails start with the variable's name and the rule. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment for @adsgraph/graphql:\n${lines.join("\n")}`);
  }
  const env = result.data;
  return {
    ...env,
    GRAPHQL_PUBLIC_URL: env.GRAPHQL_PUBLIC_URL ?? `http://${env.GRAPHQL_HOST}:${env.GRAPHQL_PORT}`,
  };
}
