// The servers of the activity fan-out bench, each in a process of its own as `pnpm start` runs
// them: ads-api with `users` bench users created as its CLI's `create-user` does and the
// loopback activity admin endpoint on, and the facade with the memory probe (and --expose-gc,
// so the bench can ask for a full collection before it reads the heap). Each user then signs
// in to the facade through the real PIN flow.
import path from "node:path";
import { createUser } from "@adsgraph/ads-api";
import type { DatabaseTarget } from "@adsgraph/storage";
import { pooled } from "./pooled.js";
import { signInWithPin } from "./pin-sign-in.js";
import {
  startAdsApiServer,
  startFacadeServer,
  type AdsApiServer,
  type ChildSettings,
  type FacadeServer,
} from "./throughput-servers.js";
import type { SignedInUser } from "./activity-subscribers.js";

/** Long digit ids past 2^53, as the service's user ids are. */
const userId = (index: number) => `18${String(index).padStart(17, "0")}`;
const screenName = (index: number) => `fan${index}`;
const PASSWORD = "bench-fanout-password";

export interface ActivityServers {
  adsApi: AdsApiServer;
  facade: FacadeServer;
  /** `ws://…/graphql` */
  wsUrl: string;
  /** The facade's process.memoryUsage(), as its probe wrote it. */
  memoryFile: string;
  users: SignedInUser[];
  /** Seconds the users' sign-ins took, all together. */
  signInSeconds: number;
  close(): Promise<void>;
}

export async function startActivityServers(options: {
  engine: DatabaseTarget["engine"];
  users: number;
  settings: ChildSettings;
  workDir: string;
  facadeEnv?: Record<string, string>;
}): Promise<ActivityServers> {
  const { engine, settings, workDir } = options;
  const closers: (() => Promise<void>)[] = [];
  try {
    const adsApi = await startAdsApiServer(engine, [], settings, workDir, {
      env: { ADS_API_ACTIVITY_ADMIN: "true" },
      seed: async (db) => {
        // scrypt per password: a few at a time keeps both cores busy without a long queue.
        await pooled(options.users, 4, (index) =>
          createUser(db.prisma, {
            id: userId(index),
            screenName: screenName(index),
            password: PASSWORD,
          }).then(() => undefined),
        );
      },
    });
    closers.push(() => adsApi.close());
    const memoryFile = path.join(workDir, `facade-${Date.now()}.memory.json`);
    const facade = await startFacadeServer(
      "facade",
      engine,
      adsApi,
      {
        BENCH_MEMORY_FILE: memoryFile,
        // Every bench user signs in from this one address.
        SIGN_IN_LIMIT: String(options.users + 10),
        ...options.facadeEnv,
      },
      { ...settings, nodeArgs: (name) => (name === "facade" ? ["--expose-gc"] : []) },
      workDir,
    );
    closers.push(() => facade.close());
    const origin = new URL(facade.url).origin;
    const started = performance.now();
    const tokens = await pooled(options.users, 4, (index) =>
      signInWithPin(origin, { screenName: screenName(index), password: PASSWORD }),
    );
    const users = tokens.map((token, index) => ({ id: userId(index), token }));
    return {
      adsApi,
      facade,
      wsUrl: facade.url.replace(/^http/, "ws"),
      memoryFile,
      users,
      signInSeconds: (performance.now() - started) / 1000,
      close: async () => {
        for (const close of closers.reverse()) await close();
      },
    };
  } catch (error) {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    throw error;
  }
}
