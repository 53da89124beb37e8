import { freePort, startAdsApi } from "@adsgraph/ads-api/testing";
import type { StartedAdsApi } from "@adsgraph/ads-api/testing";
import { buildServer, loadEnv, openDatabase } from "@adsgraph/graphql";
import type { Database } from "@adsgraph/graphql";
import { createTestTarget, generateKeyText, HTTP_TEST_ENGINES } from "@adsgraph/storage";
import type { TestTarget } from "@adsgraph/storage";
import { startGatedProxy } from "./gated-proxy.js";
import type { GatedProxy } from "./gated-proxy.js";

/** ads-api (demo data), its advertising host behind a gated proxy, and the facade over it. */
export interface Stack {
  readonly adsApi: StartedAdsApi;
  /** In front of ads-api's `{ads_url}`: the one the facade and the CLI's uploads reach. */
  readonly adsProxy: GatedProxy;
  /** The facade's base URL, `http://127.0.0.1:<port>`. */
  readonly facadeUrl: string;
  /** Requests ads-api served for one catalog endpoint id, since it started. */
  served(endpointId: string): number;
  close(): Promise<void>;
}

/**
 * The running stack the CLI tests talk to over real HTTP, on the engine of HTTP tests
 * (`HTTP_TEST_ENGINES`): ads-api in this process through its test harness, and the facade
 * built by `@adsgraph/graphql` as its start command does, both on free loopback ports.
 */
export async function startStack(): Promise<Stack> {
  const engine = HTTP_TEST_ENGINES[0] ?? "postgresql";
  const adsProxy = await startGatedProxy();
  const adsApi = await startAdsApi({
    engine,
    name: "adsapi_for_cli",
    // Signatures cover the public URL: the proxy's. ads-api itself listens on a port of its own.
    hosts: { ads: adsProxy.url },
    listen: { ads: "127.0.0.1:0" },
  });
  adsProxy.setTarget(adsApi.listenUrls.ads);

  let target: TestTarget | undefined;
  let db: Database | undefined;
  try {
    target = await createTestTarget(engine, "facade_for_cli");
    db = await openDatabase(target.target);
    const port = await freePort();
    const facadeUrl = `http://127.0.0.1:${port}`;
    const env = loadEnv({
      ...adsApi.env,
      GRAPHQL_PORT: String(port),
      GRAPHQL_PUBLIC_URL: facadeUrl,
      LOG_LEVEL: "silent",
      SESSION_ENCRYPTION_KEYS: generateKeyText(),
      DEV_SESSION: "false",
    });
    const facade = await buildServer({ db, env });
    await facade.app.listen({ host: "127.0.0.1", port });
    const opened = { db, target };
    return {
      adsApi,
      adsProxy,
      facadeUrl,
      served: (endpointId) => adsApi.ctx.requestLog.counts().byEndpoint[endpointId] ?? 0,
      close: async () => {
        await facade.app.close();
        await opened.db.close();
        await opened.target.drop();
        await adsApi.close();
        await adsProxy.close();
      },
    };
  } catch (error) {
    await db?.close();
    await target?.drop();
    await adsApi.close();
    await adsProxy.close();
    throw error;
  }
}
