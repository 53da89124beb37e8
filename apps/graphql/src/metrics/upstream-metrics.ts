import type { Hooks, RateLimitState } from "@adsgraph/rest-client";
import { Counter, Gauge, Histogram, type Registry } from "prom-client";
import { DURATION_BUCKETS } from "./operation-metrics.js";

/** One client's latest rate-limit state: the app's own client, or one of a user's token. */
export interface ClientRateLimitState {
  readonly client: "app" | "user";
  readonly state: RateLimitState;
}

export interface UpstreamMetrics {
  /** rest-client hooks of every upstream client (derived clients inherit them). */
  readonly hooks: Hooks;
  /** Where the remaining-budget gauge reads the clients' rate-limit states at each scrape. */
  watchRateLimits(states: () => Iterable<ClientRateLimitState>): void;
}

/**
 * Upstream requests as rest-client reports them (hooks run once per attempt; labels are catalog
 * ids, status codes, rest-client's reasons and error codes: bounded sets, never a URL, a
 * parameter or a credential):
 * - `adsgraph_upstream_requests_total{endpoint,status}` and
 *   `adsgraph_upstream_request_duration_seconds{endpoint}`: every attempt answered;
 * - `adsgraph_upstream_rate_limited_total{endpoint}`: answers 429;
 * - `adsgraph_upstream_rate_limit_waits_total{endpoint,cause}` and
 *   `adsgraph_upstream_rate_limit_wait_seconds_total{endpoint,cause}`: waits for a rate-limit
 *   reset, after a 429 (`cause="429"`) or before sending, the budget being spent (`budget`);
 * - `adsgraph_upstream_retries_total{endpoint,reason}`: other retries (network, timeout, 5xx);
 * - `adsgraph_upstream_failures_total{endpoint,code}`: calls that failed for good;
 * - `adsgraph_upstream_rate_limit_remaining{family,scope}`: the lowest remaining budget known
 *   per endpoint family among the windows not yet reset, of the app (`app`), of any user token
 *   (`user`) or of any ad account (`account`). No token or account id is ever a label.
 */
export function createUpstreamMetrics(registry: Registry): UpstreamMetrics {
  const registers = [registry];
  const requests = new Counter({
    name: "adsgraph_upstream_requests_total",
    help: "Upstream requests answered, by catalog endpoint id and HTTP status (each attempt counts)",
    labelNames: ["endpoint", "status"] as const,
    registers,
  });
  const durations = new Histogram({
    name: "adsgraph_upstream_request_duration_seconds",
    help: "Time of one upstream attempt, from sending to the full answer, by catalog endpoint id",
    labelNames: ["endpoint"] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const limited = new Counter({
    name: "adsgraph_upstream_rate_limited_total",
    help: "Upstream answers 429 (rate limit exceeded), by catalog endpoint id",
    labelNames: ["endpoint"] as const,
    registers,
  });
  const waits = new Counter({
    name: "adsgraph_upstream_rate_limit_waits_total",
    help: "Waits for an upstream rate-limit reset, after a 429 (cause 429) or before sending into a spent budget (cause budget)",
    labelNames: ["endpoint", "cause"] as const,
    registers,
  });
  const waitSeconds = new Counter({
    name: "adsgraph_upstream_rate_limit_wait_seconds_total",
    help: "Seconds spent waiting for upstream rate-limit resets, by catalog endpoint id and cause",
    labelNames: ["endpoint", "cause"] as const,
    registers,
  });
  const retries = new Counter({
    name: "adsgraph_upstream_retries_total",
    help: "Upstream attempts retried for another reason than a rate limit (network, timeout, server_error, not_sent, auth_refresh)",
    labelNames: ["endpoint", "reason"] as const,
    registers,
  });
  const failures = new Counter({
    name: "adsgraph_upstream_failures_total",
    help: "Upstream calls that failed for good (after their retries), by catalog endpoint id and rest-client error code",
    labelNames: ["endpoint", "code"] as const,
    registers,
  });
  let states: () => Iterable<ClientRateLimitState> = () => [];
  new Gauge({
    name: "adsgraph_upstream_rate_limit_remaining",
    help: "Lowest remaining upstream rate-limit budget known per endpoint family, among windows not yet reset: of the app, of any user token, of any ad account",
    labelNames: ["family", "scope"] as const,
    registers,
    collect() {
      this.reset();
      const now = Date.now();
      const lowest = new Map<string, { family: string; scope: string; remaining: number }>();
      const consider = (family: string, scope: string, remaining: number | undefined) => {
        if (remaining === undefined) return;
        const key = `${family}\u0000${scope}`;
        const known = lowest.get(key);
        if (known === undefined || remaining < known.remaining)
          lowest.set(key, { family, scope, remaining });
      };
      for (const { client, state } of states()) {
        const { user, account } = state;
        // A window whose reset has passed is whole again: what it said is no longer known.
        if (user?.resetAt !== undefined && user.resetAt > now)
          consider(state.family, client, user.remaining);
        if (account?.resetAt !== undefined && account.resetAt > now)
          consider(state.family, "account", account.remaining);
      }
      for (const { family, scope, remaining } of lowest.values())
        this.set({ family, scope }, remaining);
    },
  });
  return {
    hooks: {
      onResponse(event) {
        const endpoint = event.endpointId;
        requests.inc({ endpoint, status: String(event.status) });
        durations.observe({ endpoint }, event.durationMs / 1000);
        if (event.status === 429) limited.inc({ endpoint });
      },
      onRetry(event) {
        const endpoint = event.endpointId;
        if (event.reason !== "rate_limit") {
          retries.inc({ endpoint, reason: event.reason });
          return;
        }
        const cause = event.status === 429 ? "429" : "budget";
        waits.inc({ endpoint, cause });
        waitSeconds.inc({ endpoint, cause }, event.delayMs / 1000);
      },
      onError(event) {
        failures.inc({ endpoint: event.endpointId, code: event.error.code });
      },
    },
    watchRateLimits(source) {
      states = source;
    },
  };
}
