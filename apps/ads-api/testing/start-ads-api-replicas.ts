import { randomBytes } from "node:crypto";
import type { HostRole } from "@adsgraph/models";
import { createTestTarget } from "@adsgraph/storage";
import type { DatabaseTarget, TestTarget } from "@adsgraph/storage";
import { DEMO } from "../src/seed/demo-credentials.js";
import { startAdsApi } from "./start-ads-api.js";
import type { AdsApiInstanceOptions, ReplicaRedisOptions, StartedAdsApi } from "./start-ads-api.js";
import { startTcpBalancer } from "./tcp-balancer.js";
import type { TcpBalancer } from "./tcp-balancer.js";

const ROLES: readonly HostRole[] = ["base", "ads", "ads-sandbox"];

export interface AdsApiReplicasOptions extends Omit<
  AdsApiInstanceOptions,
  "hosts" | "listen" | "redis" | "tls"
> {
  /** The Redis the replicas share: a test's own prefix (`testRedisPrefix`), on TEST_REDIS_URL. */
  readonly redis: ReplicaRedisOptions;
  /** Replicas to start (default 2). */
  readonly count?: number;
  /**
   * An existing PostgreSQL database (`createTestTarget("postgresql").target`), left in place by
   * `close()`; default a fresh one of its own, dropped by `close()`.
   */
  readonly database?: DatabaseTarget;
  /** A label in the fresh database's name. */
  readonly name?: string;
  /** `demo` (default): the demo data set (seeded once, by the first replica); `none`: empty. */
  readonly seed?: "demo" | "none";
  /** Settings of one replica over the shared ones (e.g. its own clock), by index. */
  readonly each?: (index: number) => Omit<AdsApiInstanceOptions, "hosts" | "listen">;
}

/** Several ads-api replicas as one service: one database, one Redis prefix, one set of URLs. */
export interface AdsApiReplicas {
  /**
   * The replicas, in start order: each one's `urls` are the shared public URLs, its
   * `listenUrls` its own addresses (send there to reach this replica; sign against `urls`).
   */
  readonly replicas: readonly StartedAdsApi[];
  /** The public URL of each role: a round-robin balancer over the replicas' listen addresses. */
  readonly urls: Readonly<Record<HostRole, string>>;
  /** The same URLs as the facade's `ADS_API_*_URL` settings. */
  readonly env: Readonly<
    Record<"ADS_API_BASE_URL" | "ADS_API_ADS_URL" | "ADS_API_SANDBOX_URL", string>
  >;
  readonly database: DatabaseTarget;
  /** The key all replicas seal secrets with. */
  readonly secretKey: Buffer;
  readonly demo: typeof DEMO;
  /** Closes every replica and the balancers, then drops the database if it was made here. */
  close(): Promise<void>;
}

/**
 * Starts `count` replicas of ads-api in this process as a deployment would run them (issue 19):
 * each over its own connection to one PostgreSQL database, all with one secret key and one
 * Redis prefix (shared mode), sharing public URLs (a TCP balancer in front, round robin per
 * connection) and each listening on free loopback ports of its own (ADS_API_LISTEN_*).
 */
export async function startAdsApiReplicas(options: AdsApiReplicasOptions): Promise<AdsApiReplicas> {
  const { redis, count = 2, database, name, seed = "demo", each, ...shared } = options;
  const owned: TestTarget | undefined =
    database === undefined ? await createTestTarget("postgresql", name ?? "replicas") : undefined;
  const target = database ?? owned?.target;
  if (target === undefined) throw new Error("no database");
  if (target.engine !== "postgresql") {
    throw new Error("replicas share a PostgreSQL database (PGlite is one process's)");
  }
  const secretKey = randomBytes(32);
  const replicas: StartedAdsApi[] = [];
  const balancers: Partial<Record<HostRole, TcpBalancer>> = {};
  const close = async () => {
    try {
      // One by one: each replica's close waits for its own streams and requests.
      for (const replica of replicas.splice(0)) await replica.close();
      await Promise.all(Object.values(balancers).map((balancer) => balancer.close()));
    } finally {
      await owned?.drop();
    }
  };
  try {
    for (const role of ROLES) {
      balancers[role] = await startTcpBalancer(() =>
        replicas.map((replica) => replica.listenUrls[role]),
      );
    }
    const urlOf = (role: HostRole) => {
      const balancer = balancers[role];
      if (balancer === undefined) throw new Error(`no balancer for ${role}`);
      return balancer.url;
    };
    const hosts = { base: urlOf("base"), ads: urlOf("ads"), "ads-sandbox": urlOf("ads-sandbox") };
    const listen = { base: "127.0.0.1:0", ads: "127.0.0.1:0", "ads-sandbox": "127.0.0.1:0" };
    // One after another: the first migrates the database and seeds it.
    for (let index = 0; index < count; index += 1) {
      replicas.push(
        await startAdsApi({
          ...shared,
          ...each?.(index),
          database: target,
          secretKey,
          redis,
          hosts,
          listen,
          seed: index === 0 ? seed : "none",
        }),
      );
    }
    return {
      replicas,
      urls: hosts,
      env: {
        ADS_API_BASE_URL: hosts.base,
        ADS_API_ADS_URL: hosts.ads,
        ADS_API_SANDBOX_URL: hosts["ads-sandbox"],
      },
      database: target,
      secretKey,
      demo: DEMO,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
