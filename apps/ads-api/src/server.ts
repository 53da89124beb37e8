import type { HostRole } from "@adsgraph/models";
import type { FastifyInstance } from "fastify";
import type { AdsApiConfig } from "./config.js";
import { createContext } from "./context.js";
import type { AppContext, ContextOptions } from "./context.js";
import type { Database } from "./db/database.js";
import { buildHostApp } from "./hosts/build-host.js";
import { planHosts } from "./hosts/host-config.js";

export interface ServerOptions {
  readonly db: Database;
  /** The keyring encrypting secrets at rest, or one 32-byte key (see crypto/secret-key.ts). */
  readonly secretKey: ContextOptions["secretKey"];
  readonly config: AdsApiConfig;
  /** The service clock for resource times; tests move it (poll closing). */
  readonly clock?: (() => Date) | undefined;
  /** Where logs go (default stdout); tests capture them to check redaction. */
  readonly logStream?: NodeJS.WritableStream | undefined;
}

export interface RunningServer {
  readonly ctx: AppContext;
  /** Public URL of each role; a configured port 0 is replaced by the bound port. */
  readonly urls: Readonly<Record<HostRole, string>>;
  readonly apps: Readonly<Record<HostRole, FastifyInstance>>;
  close(): Promise<void>;
}

/**
 * Starts the three host roles (spec preamble: `{base_url}`, `{ads_url}`, `{ads_sandbox_url}`),
 * each on its own URL. The database is opened (and later closed) by the caller.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const plans = planHosts(options.config.hosts, options.config.tls);
  const ctx = createContext(options);
  // Nonces of the last window, before any request is verified (a restart keeps refusing replays).
  await ctx.replayStore.start();
  const apps = {} as Record<HostRole, FastifyInstance>;
  try {
    for (const plan of plans) {
      const app = buildHostApp(ctx, plan.role, {
        tls: plan.tls ? options.config.tls : undefined,
        logStream: options.logStream,
      });
      apps[plan.role] = app;
      await app.listen({ host: plan.host, port: plan.port });
      const address = app.server.address();
      if (plan.port === 0 && typeof address === "object" && address !== null) {
        const url = new URL(plan.publicUrl);
        url.port = String(address.port);
        ctx.hosts[plan.role] = url.origin;
      } else {
        ctx.hosts[plan.role] = plan.publicUrl.origin;
      }
    }
  } catch (error) {
    await Promise.all(Object.values(apps).map((app) => app.close()));
    await ctx.replayStore.close();
    throw error;
  }
  // Deliveries left pending by the last run (or queued by the CLI) go out from here on.
  ctx.webhooks.start();
  return {
    ctx,
    urls: ctx.hosts,
    apps,
    close: async () => {
      // Open activity streams end first: the hosts' close waits for their connections.
      ctx.activity.closeAll();
      // Attempts in flight are cut short and released (due again after a restart), before the
      // database closes.
      await ctx.webhooks.close();
      await Promise.all(Object.values(apps).map((app) => app.close()));
      await ctx.replayStore.close();
    },
  };
}
