import { startAdsApi } from "@adsgraph/ads-api/testing";
import type { StartAdsApiOptions, StartedAdsApi } from "@adsgraph/ads-api/testing";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import type { DatabaseTarget } from "@adsgraph/storage";
import { postGraphQL } from "./post-graphql.js";
import type { GraphQLBody } from "./post-graphql.js";
import { signIn } from "./sign-in.js";
import { startFacade } from "./start-facade.js";
import type { RunningFacade, StartFacadeOptions } from "./start-facade.js";

/**
 * The engine of the HTTP tests that run on one engine: the test PostgreSQL, as PGlite needs
 * seconds to start per database (`ADSGRAPH_TEST_ENGINE=pglite` runs them on PGlite).
 */
export const STACK_ENGINE: DatabaseTarget["engine"] = HTTP_TEST_ENGINES[0] ?? "postgresql";

/** Settings of a stack measuring upstream requests (`measureUpstream`). */
const MEASURED: Readonly<Record<string, string>> = {
  UPSTREAM_STATS: "true",
  SNAPSHOT_FRESH_SECONDS_ENTITY: "0",
  SNAPSHOT_FRESH_SECONDS_REFERENCE: "0",
};

export interface StackOptions {
  /** Both servers' engine (default STACK_ENGINE). */
  readonly engine?: DatabaseTarget["engine"];
  /**
   * Every read asks upstream (snapshots never answer) and each answer tells what it cost
   * (UPSTREAM_STATS: `extensions.upstream`): request counts then measure the loaders alone.
   * Default off: the facade's own settings.
   */
  readonly measureUpstream?: boolean;
  /** ads-api's settings (limits, clock, logs...); it is seeded with the demo data. */
  readonly adsApi?: Omit<StartAdsApiOptions, "engine" | "seed" | "database">;
  /** The facade's settings; its `env` goes over ads-api's URLs (and the measuring ones). */
  readonly facade?: Omit<StartFacadeOptions, "engine" | "database" | "db">;
}

/** What `extensions.upstream` says with UPSTREAM_STATS on. */
export interface UpstreamStats {
  upstream?: { requests: number; withTotalCount: number; byEndpoint: Record<string, number> };
}

/** ads-api and the facade over it, with a session of the seeded demo user. */
export interface Stack {
  readonly adsApi: StartedAdsApi;
  readonly facade: RunningFacade;
  /** The demo user's session token. */
  readonly sessionToken: string;
  /** `Authorization` header of the demo user's session. */
  readonly headers: Readonly<Record<string, string>>;
  /** Runs an operation as the demo user; the answer's body. */
  query(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<GraphQLBody & { extensions?: UpstreamStats }>;
  /** Closes the facade, then ads-api. */
  close(): Promise<void>;
}

/** ads-api (in this process, with the demo data) and the facade wired to it, signed in as the demo user. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const engine = options.engine ?? STACK_ENGINE;
  const adsApi = await startAdsApi({ name: "adsapi_for_facade", ...options.adsApi, engine });
  try {
    const facade = await startFacade({
      ...options.facade,
      engine,
      env: {
        ...adsApi.env,
        ...(options.measureUpstream === true && MEASURED),
        ...options.facade?.env,
      },
    });
    try {
      const sessionToken = await signIn(facade);
      const headers = { authorization: `Bearer ${sessionToken}` };
      return {
        adsApi,
        facade,
        sessionToken,
        headers,
        query: async (query, variables) =>
          (await postGraphQL(facade.url, query, { ...(variables && { variables }), headers })).body,
        close: async () => {
          try {
            await facade.close();
          } finally {
            await adsApi.close();
          }
        },
      };
    } catch (error) {
      await facade.close();
      throw error;
    }
  } catch (error) {
    await adsApi.close();
    throw error;
  }
}
