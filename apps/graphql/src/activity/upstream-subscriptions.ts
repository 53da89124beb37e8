import type { RestClient } from "@adsgraph/rest-client";
import { deleteUserSubscription, userOf } from "./user-subscription-calls.js";

/**
 * The app's upstream activity subscriptions, one `{filter: {user_id}}` per user with live
 * GraphQL subscribers: created when the user's first subscriber comes, deleted when its last
 * one leaves (ads-api caps subscriptions per app, and events stored for nobody cost it work).
 */
export interface UpstreamSubscriptions {
  /** Resolves once the user's subscription exists upstream (one per user, however many ask). */
  acquire(userId: string): Promise<void>;
  /**
   * Drops one holder; the last one's release deletes the upstream subscription, unless a new
   * holder came meanwhile (it keeps it). Settles when that is done; never rejects.
   */
  release(userId: string): Promise<void>;
  /** Users with a subscription upstream or one being made (tests, stats). */
  readonly size: number;
  /** Stops timers (a cluster's heartbeat); what is held lapses or stays for a later run. */
  close?(): void;
}

interface UserEntry {
  holders: number;
  /** The upstream subscription's id once created. */
  id: string | undefined;
  /** Every create and delete of this user runs after the one before: never two at once. */
  chain: Promise<void>;
}

export function createUpstreamSubscriptions(
  client: RestClient,
  { onError }: { onError: (message: string) => void },
): UpstreamSubscriptions {
  const users = new Map<string, UserEntry>();
  // The app's subscriptions left by an earlier run of the facade, read once and taken over,
  // so a restart never duplicates them (nor lets them pile up towards the cap).
  let adopted: Promise<Map<string, string>> | undefined;
  const leftOver = () => {
    adopted ??= client.call("activity.subscriptions.list").then(
      ({ data }) => {
        const byUser = new Map<string, string>();
        for (const subscription of data) {
          const userId = userOf(subscription);
          if (userId !== undefined && !byUser.has(userId)) {
            byUser.set(userId, subscription.subscription_id);
          }
        }
        return byUser;
      },
      (error: unknown) => {
        adopted = undefined; // asked again by the next subscriber
        throw error;
      },
    );
    return adopted;
  };

  const settle = (userId: string, entry: UserEntry) => {
    if (entry.holders === 0 && entry.id === undefined && users.get(userId) === entry) {
      users.delete(userId);
    }
  };

  return {
    acquire(userId) {
      let entry = users.get(userId);
      if (entry === undefined) {
        entry = { holders: 0, id: undefined, chain: Promise.resolve() };
        users.set(userId, entry);
      }
      entry.holders += 1;
      const current = entry;
      const step = current.chain.then(async () => {
        if (current.id !== undefined || current.holders === 0) return;
        const left = (await leftOver()).get(userId);
        if (left !== undefined) {
          (await leftOver()).delete(userId);
          current.id = left;
          return;
        }
        const created = await client.call("activity.subscriptions.create", {
          filter: { user_id: userId },
        });
        current.id = created.data.subscription_id;
      });
      current.chain = step.catch(() => undefined);
      return step;
    },
    release(userId) {
      const entry = users.get(userId);
      if (entry === undefined || entry.holders === 0) return Promise.resolve();
      entry.holders -= 1;
      entry.chain = entry.chain.then(async () => {
        if (entry.holders > 0 || entry.id === undefined) {
          settle(userId, entry);
          return;
        }
        await deleteUserSubscription(client, entry.id, onError);
        entry.id = undefined;
        settle(userId, entry);
      });
      return entry.chain;
    },
    get size() {
      return users.size;
    },
  };
}
