import { randomUUID } from "node:crypto";
import type { RestClient } from "@adsgraph/rest-client";
import type { SharedRedis } from "@adsgraph/storage";
import { createLease } from "../shared/lease.js";
import type { ActivityKeys, UserKeys } from "./cluster-keys.js";
import { HAND_OVER, JOIN_USER, TAKE_UNHELD } from "./cluster-scripts.js";
import type { UpstreamSubscriptions } from "./upstream-subscriptions.js";
import { deleteUserSubscription, findOrCreateUserSubscription } from "./user-subscription-calls.js";

export interface ClusterUpstreamOptions {
  redis: SharedRedis;
  keys: ActivityKeys;
  /** This replica (SharedState.replicaId). */
  replicaId: string;
  /** The facade's app-only client. */
  client: RestClient;
  /** How long a replica's share of a user lives without a heartbeat (it died). */
  shareMs: number;
  /** How long the lock of a user's create or delete holds at most (its holder died). */
  lockMs?: number | undefined;
  onError: (message: string) => void;
  /** SharedState.fellBack: told when a user's subscription is made by this replica alone. */
  fellBack: (part: string, error: unknown) => void;
}

interface UserEntry {
  holders: number;
  /** `cluster`: a share in Redis; `local`: a subscription this replica made while Redis was down. */
  mode: "none" | "cluster" | "local";
  /** The upstream subscription's id in `local` mode. */
  localId: string | undefined;
  /** Every join and leave of this user on this replica runs after the one before. */
  chain: Promise<void>;
}

/** Redis failed a step; `createdId` is an upstream subscription made before it did. */
class SharedStepError extends Error {
  constructor(
    readonly reason: unknown,
    readonly createdId?: string,
  ) {
    super("Redis failed the activity subscription step");
  }
}

const PART = "activity subscriptions";

/**
 * The app's upstream `{filter: {user_id}}` subscriptions shared by the replicas (issue 19):
 * one per user for the cluster, made by the first replica whose subscriber asks (under a
 * per-user lock in Redis, so two first subscribers never make two), and deleted only when no
 * replica holds a subscriber of the user. Each replica's share of a user is an entry with an
 * expiry refreshed by a heartbeat, so a replica that dies stops counting by itself.
 * While Redis fails, a user's first subscriber here gets a subscription of this replica's own
 * (issue 18's way), handed to the cluster or deleted when released.
 */
export function createClusterUpstreamSubscriptions(
  options: ClusterUpstreamOptions,
): UpstreamSubscriptions {
  const { redis, keys, client, shareMs } = options;
  const lockMs = options.lockMs ?? 30_000;
  const token = options.replicaId;
  const users = new Map<string, UserEntry>();
  let heartbeat: ReturnType<typeof setInterval> | undefined;

  const viaRedis = async <T>(work: Promise<T>): Promise<T> => {
    try {
      return await work;
    } catch (error) {
      throw new SharedStepError(error);
    }
  };

  /** Runs `work` under the user's lock, waiting for it while another replica holds it. */
  const withLock = async <T>(user: UserKeys, work: () => Promise<T>): Promise<T> => {
    const lock = createLease(redis.client, {
      key: user.lock,
      token: `${token}:${randomUUID().slice(0, 8)}`,
      ttlMs: lockMs,
    });
    for (let attempt = 0; !(await viaRedis(lock.tryAcquire())); attempt += 1) {
      if (!redis.up) throw new SharedStepError(new Error("Redis unreachable"));
      await new Promise((resolve) => setTimeout(resolve, Math.min(250, 20 * 2 ** attempt)));
    }
    try {
      return await work();
    } finally {
      await lock.release().catch(() => undefined);
    }
  };

  const join = (user: UserKeys) =>
    viaRedis(JOIN_USER.run(redis.client, [user.holders, user.subscription], [token, shareMs]));

  /** This replica's share is in; the cluster's subscription exists once it resolves. */
  const joinCluster = async (userId: string) => {
    const user = keys.user(userId);
    if (typeof (await join(user)) === "string") return;
    await withLock(user, async () => {
      if (typeof (await viaRedis(redis.client.get(user.subscription))) === "string") return;
      const id = await findOrCreateUserSubscription(client, userId);
      try {
        await redis.client.set(user.subscription, id, "PX", shareMs);
      } catch (error) {
        throw new SharedStepError(error, id);
      }
    });
  };

  const leaveCluster = async (userId: string) => {
    const user = keys.user(userId);
    await viaRedis(redis.client.zrem(user.holders, token));
    const unheld = await withLock(user, () =>
      viaRedis(TAKE_UNHELD.run(redis.client, [user.holders, user.subscription], [])),
    );
    if (typeof unheld === "string") await deleteUserSubscription(client, unheld, options.onError);
  };

  /** A subscription made while Redis was down: the cluster's if it has none, else deleted. */
  const leaveLocal = async (userId: string, id: string) => {
    if (redis.up) {
      try {
        const user = keys.user(userId);
        const drop = await withLock(user, () =>
          viaRedis(HAND_OVER.run(redis.client, [user.holders, user.subscription], [id, shareMs])),
        );
        if (drop !== 1) return;
      } catch (error) {
        if (!(error instanceof SharedStepError)) throw error;
      }
    }
    await deleteUserSubscription(client, id, options.onError);
  };

  const beat = async () => {
    const held = [...users].filter(([, entry]) => entry.mode === "cluster");
    if (held.length === 0 || !redis.up) return;
    try {
      await Promise.all(held.map(([userId]) => join(keys.user(userId))));
    } catch (error) {
      options.fellBack(PART, error);
    }
  };
  const startHeartbeat = () => {
    if (heartbeat !== undefined) return;
    heartbeat = setInterval(() => void beat(), Math.max(100, Math.floor(shareMs / 3)));
    heartbeat.unref();
  };
  const settle = (userId: string, entry: UserEntry) => {
    if (entry.holders === 0 && entry.mode === "none" && users.get(userId) === entry) {
      users.delete(userId);
    }
    if (users.size === 0 && heartbeat !== undefined) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  };

  return {
    acquire(userId) {
      let entry = users.get(userId);
      if (entry === undefined) {
        entry = { holders: 0, mode: "none", localId: undefined, chain: Promise.resolve() };
        users.set(userId, entry);
      }
      entry.holders += 1;
      const current = entry;
      const step = current.chain.then(async () => {
        if (current.mode !== "none" || current.holders === 0) return;
        let failure: unknown = new Error("Redis unreachable");
        if (redis.up) {
          try {
            await joinCluster(userId);
            current.mode = "cluster";
            startHeartbeat();
            return;
          } catch (error) {
            if (!(error instanceof SharedStepError)) throw error;
            failure = error.reason;
            if (error.createdId !== undefined) {
              current.localId = error.createdId;
              current.mode = "local";
            }
          }
        }
        options.fellBack(PART, failure);
        current.localId ??= await findOrCreateUserSubscription(client, userId);
        current.mode = "local";
      });
      current.chain = step.catch(() => undefined);
      return step;
    },
    release(userId) {
      const entry = users.get(userId);
      if (entry === undefined || entry.holders === 0) return Promise.resolve();
      entry.holders -= 1;
      entry.chain = entry.chain.then(async () => {
        if (entry.holders > 0 || entry.mode === "none") {
          settle(userId, entry);
          return;
        }
        try {
          if (entry.mode === "cluster") await leaveCluster(userId);
          else if (entry.localId !== undefined) await leaveLocal(userId, entry.localId);
        } catch (error) {
          // Redis failed the leave: this share lapses by itself; the subscription stays for
          // the next replica that asks (taken over) or is deleted by a later release.
          options.fellBack(PART, error instanceof SharedStepError ? error.reason : error);
        }
        entry.mode = "none";
        entry.localId = undefined;
        settle(userId, entry);
      });
      return entry.chain;
    },
    get size() {
      return users.size;
    },
    close() {
      if (heartbeat !== undefined) clearInterval(heartbeat);
      heartbeat = undefined;
    },
  };
}
