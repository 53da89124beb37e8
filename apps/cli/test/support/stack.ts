import { startStack as startKitStack } from "@adsgraph/graphql/testing";
import type { Stack } from "@adsgraph/graphql/testing";
import { startGatedProxy } from "./gated-proxy.js";
import type { GatedProxy } from "./gated-proxy.js";

/** The kit's stack (ads-api with the demo data, the facade over it), ads-api's advertising host behind a gated proxy. */
export interface CliStack extends Stack {
  /** In front of ads-api's `{ads_url}`: the one the facade and the CLI's uploads reach. */
  readonly adsProxy: GatedProxy;
}

/**
 * The running servers the CLI tests talk to over real HTTP: the graphql test kit's stack, but
 * for the proxy in front of ads-api's advertising host (its public URL: signatures cover it;
 * ads-api itself listens on a port of its own).
 */
export async function startStack(): Promise<CliStack> {
  const adsProxy = await startGatedProxy();
  try {
    const stack = await startKitStack({
      adsApi: {
        name: "adsapi_for_cli",
        hosts: { ads: adsProxy.url },
        listen: { ads: "127.0.0.1:0" },
      },
    });
    adsProxy.setTarget(stack.adsApi.listenUrls.ads);
    return {
      ...stack,
      adsProxy,
      close: async () => {
        try {
          await stack.close();
        } finally {
          await adsProxy.close();
        }
      },
    };
  } catch (error) {
    await adsProxy.close();
    throw error;
  }
}
