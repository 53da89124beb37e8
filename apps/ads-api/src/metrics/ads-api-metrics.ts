import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { AppContext } from "../context.js";
import type { RecordedRequest } from "../logging/request-log.js";

/** The route label of a request no route matched (its URL is never a label). */
export const UNMATCHED_ROUTE = "unmatched";

const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The metrics of one server (its three host roles); one registry per server. */
export interface AdsApiMetrics {
  readonly registry: Registry;
  /** A route template a host registered: only these become `route` labels. */
  addRoute(template: string): void;
  /** Stops listening to the request log (the server closes). */
  close(): void;
}

/**
 * ads-api's Prometheus metrics. Requests are counted from the request log (`RequestLog.observe`),
 * so they are exactly what `/_admin/requests` counts (admin routes and `/metrics` left out):
 * - `adsgraph_ads_api_requests_total{role,route,method,status}`, `route` being the Fastify
 *   route template (`/12/accounts/:account_id/campaigns`), `unmatched` when none matched;
 * - `adsgraph_ads_api_request_duration_seconds{role,route,method}` (not for streams: an
 *   activity stream is counted when it starts and lasts as long as its client reads);
 * - `adsgraph_ads_api_rate_limited_total{role,route}`: answers 429 (rate limits, nonce shares);
 * - at each scrape: `adsgraph_ads_api_activity_streams` (open on this replica),
 *   `adsgraph_ads_api_activity_subscriptions` (in the database), the nonce store's counts
 *   (database store; in Redis, shared mode, none) and `adsgraph_ads_api_redis_up` (shared mode).
 */
export function createAdsApiMetrics(ctx: AppContext): AdsApiMetrics {
  const registry = new Registry();
  const registers = [registry];
  // The process metrics are the process's, served beside these (process-metrics.ts).
  const routes = new Set<string>();
  const requests = new Counter({
    name: "adsgraph_ads_api_requests_total",
    help: "Requests answered, by host role, route template (unmatched when none), method and status",
    labelNames: ["role", "route", "method", "status"] as const,
    registers,
  });
  const durations = new Histogram({
    name: "adsgraph_ads_api_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by host role, route template and method (streams left out)",
    labelNames: ["role", "route", "method"] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const limited = new Counter({
    name: "adsgraph_ads_api_rate_limited_total",
    help: "Requests refused with 429 (a rate limit, or a client's share of nonces), by host role and route template",
    labelNames: ["role", "route"] as const,
    registers,
  });
  new Gauge({
    name: "adsgraph_ads_api_activity_streams",
    help: "Activity streams (GET /2/activity/stream) open on this replica",
    registers,
    collect() {
      this.set(ctx.activity.openStreams);
    },
  });
  new Gauge({
    name: "adsgraph_ads_api_activity_subscriptions",
    help: "Activity subscriptions of all apps (in the database, so every replica reports the same)",
    registers,
    async collect() {
      // A scrape while the database is away reports the others, without this one.
      const count = await ctx.prisma.activitySubscription.count().catch(() => undefined);
      if (count === undefined) this.reset();
      else this.set(count);
    },
  });
  const held = ctx.replayStore.held?.bind(ctx.replayStore);
  new Gauge({
    name: "adsgraph_ads_api_nonces",
    help: "OAuth nonces counted in the timestamp window by this replica (database store only)",
    registers: held === undefined ? [] : registers,
    collect() {
      this.set(held?.().nonces ?? 0);
    },
  });
  new Gauge({
    name: "adsgraph_ads_api_nonce_clients",
    help: "Clients (API key and token) holding nonces in the timestamp window (database store only)",
    registers: held === undefined ? [] : registers,
    collect() {
      this.set(held?.().clients ?? 0);
    },
  });
  new Gauge({
    name: "adsgraph_ads_api_redis_up",
    help: "1 while this replica reaches Redis, 0 while it refuses signed requests (503); absent without REDIS_URL",
    registers: ctx.redis === undefined ? [] : registers,
    collect() {
      this.set(ctx.redis?.up === true ? 1 : 0);
    },
  });
  const record = (entry: RecordedRequest, durationMs: number | undefined) => {
    // The log keeps the path of a request no route matched: never a label (unbounded).
    const route = routes.has(entry.route) ? entry.route : UNMATCHED_ROUTE;
    const { role, method } = entry;
    requests.inc({ role, route, method, status: String(entry.status) });
    if (durationMs !== undefined) durations.observe({ role, route, method }, durationMs / 1000);
    if (entry.status === 429) limited.inc({ role, route });
  };
  const stop = ctx.requestLog.observe(record);
  return {
    registry,
    addRoute: (template) => {
      routes.add(template);
    },
    close: stop,
  };
}
