import type {
  BearerTokenCache,
  BearerTokenSource,
  ConsumerCredentials,
  TokenCredentials,
} from "@adsgraph/oauth";
import { createRestClient } from "@adsgraph/rest-client";
import type {
  Hooks,
  Hosts,
  RateLimitBudget,
  RateLimitState,
  ResponseValidation,
  RestClient,
} from "@adsgraph/rest-client";

export interface UpstreamClientOptions {
  hosts: Hosts;
  consumer: ConsumerCredentials;
  timeoutMs: number;
  /** Longest a GraphQL request waits out upstream rate limits before RATE_LIMITED. */
  rateLimitWaitMs: number;
  /** Which upstream bodies are checked against the catalog (UPSTREAM_VALIDATION); default all. */
  validateResponses?: ResponseValidation;
  /** Per-token clients kept (their rate-limit state lives as long as they do). */
  maxTokens?: number;
  /** Shared mode (issue 19): the rate limits every replica spends together (Redis). */
  rateBudget?: RateLimitBudget;
  /** Shared mode (issue 19): the app's bearer token, fetched once for every replica (Redis). */
  bearerCache?: (source: BearerTokenSource) => BearerTokenCache;
  /** Hooks of every client, the per-token ones included (metrics). */
  hooks?: Hooks | undefined;
}

/**
 * The REST clients of the app: one keep-alive pool (and app-only bearer cache) shared by
 * every request, and per access token a derived client that signs as that user. Derived
 * clients are kept (least recently used dropped first) because rest-client keeps rate-limit
 * state per client, and user rate limits are per token. In shared mode the budget in Redis
 * decides for all replicas, and that per-client state is what a client falls back on.
 */
export interface UpstreamClients {
  /** Signed with the facade's consumer keys only (app-only bearer endpoints). */
  readonly app: RestClient;
  /** A client signing as the user of this access token. */
  forToken(token: TokenCredentials): RestClient;
  /**
   * The latest rate-limit state of every client kept: the app's, then each token's (for the
   * metrics' remaining-budget gauges; no credential is in a state).
   */
  rateLimitStates(): Iterable<{ client: "app" | "user"; state: RateLimitState }>;
  close(): Promise<void>;
}

export function createUpstreamClients(options: UpstreamClientOptions): UpstreamClients {
  const app = createRestClient({
    hosts: options.hosts,
    auth: { consumer: options.consumer },
    timeoutMs: options.timeoutMs,
    rateLimit: { maxWaitMs: options.rateLimitWaitMs, budget: options.rateBudget },
    bearerCache: options.bearerCache,
    userAgent: "adsgraph-graphql",
    hooks: options.hooks,
    validateResponses: options.validateResponses ?? true,
    // One GraphQL level may look up thousands of ids: keep their chunks in flight together.
    concurrency: 8,
    connections: 64,
  });
  const maxTokens = options.maxTokens ?? 1000;
  const byToken = new Map<string, RestClient>();
  return {
    app,
    forToken(token) {
      const key = `${token.token}\u0000${token.tokenSecret}`;
      let client = byToken.get(key);
      if (client === undefined) {
        client = app.withAuth({ token });
        if (byToken.size >= maxTokens) {
          const oldest = byToken.keys().next().value;
          if (oldest !== undefined) byToken.delete(oldest);
        }
      } else {
        byToken.delete(key);
      }
      byToken.set(key, client);
      return client;
    },
    *rateLimitStates() {
      for (const state of app.rateLimits.snapshot()) yield { client: "app" as const, state };
      for (const client of byToken.values()) {
        for (const state of client.rateLimits.snapshot()) yield { client: "user" as const, state };
      }
    },
    close: () => app.close(),
  };
}
