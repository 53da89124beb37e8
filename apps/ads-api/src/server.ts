import { randomUUID } from "node:crypto";
import os from "node:os";
import type { HostRole } from "@adsgraph/models";
import { connectRedis } from "@adsgraph/storage";
import type { SharedRedis } from "@adsgraph/storage";
import type { FastifyInstance } from "fastify";
import type { AdsApiConfig } from "./config.js";
import type { AppContext } from "./context.js";
import { createContext } from "./create-context.js";
import type { ContextOptions } from "./create-context.js";
import type { Database } from "./db/database.js";
import type { ResolveHost } from "./delivery/outbound-guard.js";
import { buildHostApp } from "./hosts/build-host.js";
import { planHosts } from "./hosts/host-config.js";
import { createAdsApiMetrics } from "./metrics/ads-api-metrics.js";
import { watchServer } from "@adsgraph/telemetry";
import type { ServerTracing, WatchedServer } from "@adsgraph/telemetry";

export interface ServerOptions {
  readonly db: Database;
  /** The keyring encrypting secrets at rest, or one 32-byte key (see crypto/secret-key.ts). */
  readonly secretKey: ContextOptions["secretKey"];
  readonly config: AdsApiConfig;
  /** The service clock for resource times; tests move it (poll closing). */
  readonly clock?: (() => Date) | undefined;
  /** Where logs go (default stdout); tests capture them to check redaction. */
  readonly logStream?: NodeJS.WritableStream | undefined;
  /** Trace each request (docs/operations.md "Tracing"); the SDK is started by the caller. */
  readonly tracing?: ServerTracing | undefined;
  /** How webhook deliveries resolve host names (default getaddrinfo); tests script one. */
  readonly resolve?: ResolveHost | undefined;
}

export interface RunningServer {
  readonly ctx: AppContext;
  /** Public URL of each role; a configured port 0 is replaced by the bound port. */
  readonly urls: Readonly<Record<HostRole, string>>;
  /**
   * Where each role listens: its public URL, or (ADS_API_LISTEN_*) the bound address of its
   * own, which a load balancer forwards to.
   */
  readonly listenUrls: Readonly<Record<HostRole, string>>;
  readonly apps: Readonly<Record<HostRole, FastifyInstance>>;
  /** The connections of each role's server, watched from before it listened (shutdown drains them). */
  readonly connections: readonly WatchedServer[];
  close(): Promise<void>;
}

/** Opens the shared Redis in shared mode; a Redis that is down does not stop the start. */
async function openRedis(config: AdsApiConfig): Promise<SharedRedis | undefined> {
  if (config.redis === undefined) return undefined;
  return connectRedis({
    url: config.redis.url,
    prefix: config.redis.prefix,
    commandTimeoutMs: config.redis.commandTimeoutMs,
  });
}

/** Logs each change of Redis' state on the base role's logger (never the URL: it may hold a password). */
function logRedisState(redis: SharedRedis, app: FastifyInstance): () => void {
  const report = (up: boolean) => {
    if (up) app.log.info("shared mode: Redis reachable; signed requests are served again");
    else {
      app.log.warn(
        "shared mode: Redis unreachable; signed and rate-limited requests answer 503 and /health 503 until it returns",
      );
    }
  };
  if (!redis.up) report(false);
  const remove = redis.onStateChange(report);
  return () => {
    remove();
  };
}

/**
 * Starts the three host roles (spec preamble: `{base_url}`, `{ads_url}`, `{ads_sandbox_url}`),
 * each on its own URL. The database is opened (and later closed) by the caller; Redis (shared
 * mode, `config.redis`) is opened and closed here.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const plans = planHosts(options.config.hosts, options.config.tls, options.config.listen);
  const redis = await openRedis(options.config);
  const replicaId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const ctx = createContext({ ...options, redis, replicaId });
  // One registry per server: tests run several servers in one process.
  const metrics = createAdsApiMetrics(ctx);
  const apps = {} as Record<HostRole, FastifyInstance>;
  const listenUrls = {} as Record<HostRole, string>;
  const connections: WatchedServer[] = [];
  let stopLogging: () => void = () => undefined;
  try {
    // Nonces of the last window, before any request is verified (a restart keeps refusing replays).
    await ctx.replayStore.start();
    // Wake-ups and stream claims of other replicas (shared mode).
    await ctx.activity.start();
    for (const plan of plans) {
      const app = await buildHostApp(ctx, plan.role, {
        tls: plan.tls ? options.config.tls : undefined,
        logStream: options.logStream,
        metrics,
        tracing: options.tracing,
      });
      apps[plan.role] = app;
      connections.push(watchServer(app.server));
      await app.listen({ host: plan.host, port: plan.port });
      const address = app.server.address();
      const bound = typeof address === "object" && address !== null ? address.port : plan.port;
      if (plan.listensApart) {
        ctx.hosts[plan.role] = plan.publicUrl.origin;
        const host = plan.host.includes(":") ? `[${plan.host}]` : plan.host;
        listenUrls[plan.role] = `${plan.tls ? "https" : "http"}://${host}:${bound}`;
      } else {
        const url = new URL(plan.publicUrl);
        if (plan.port === 0) url.port = String(bound);
        ctx.hosts[plan.role] = url.origin;
        listenUrls[plan.role] = url.origin;
      }
    }
    if (redis !== undefined) stopLogging = logRedisState(redis, apps.base);
  } catch (error) {
    await Promise.all(Object.values(apps).map((app) => app.close()));
    await ctx.activity.close();
    await ctx.replayStore.close();
    await ctx.outbound.dispatcher.close();
    await redis?.close();
    metrics.close();
    throw error;
  }
  // Deliveries left pending by the last run (or queued by the CLI) go out from here on.
  ctx.webhooks.start();
  // Analytics jobs left processing by a killed process are taken again once their lease ran out.
  ctx.statsJobs.start();
  const closeOnce = async () => {
    // Open activity streams end first: the hosts' close waits for their connections.
    await ctx.activity.close();
    // Attempts in flight are cut short and released (due again after a restart), before the
    // database closes.
    await ctx.webhooks.close();
    // The job worker stops beside the hosts, not before them: no wait of its own between the
    // streams' end and the listeners' close, when clients could open new connections.
    await Promise.all([ctx.statsJobs.close(), ...Object.values(apps).map((app) => app.close())]);
    await ctx.outbound.dispatcher.close();
    await ctx.replayStore.close();
    stopLogging();
    metrics.close();
    await redis?.close();
  };
  let closing: Promise<void> | undefined;
  return {
    ctx,
    urls: ctx.hosts,
    listenUrls,
    apps,
    connections,
    // Once, however often it is called (a signal and a test's teardown may both close it).
    close: () => (closing ??= closeOnce()),
  };
}
