import type { ActivitySubscription } from "@adsgraph/models";
import { RestApiError, type RestClient } from "@adsgraph/rest-client";

/** The user of a subscription the facade itself made: a user filter and nothing else. */
export function userOf(subscription: ActivitySubscription): string | undefined {
  const { filter, event_type: eventType } = subscription;
  const plain =
    eventType === null && filter.keyword === undefined && filter.direction === undefined;
  return plain ? filter.user_id : undefined;
}

/**
 * The user's upstream subscription: one the app already holds for it (left by a replica that
 * died, or made while Redis was down) is taken over, else one is created.
 */
export async function findOrCreateUserSubscription(
  client: RestClient,
  userId: string,
): Promise<string> {
  const { data } = await client.call("activity.subscriptions.list");
  const held = data.find((subscription) => userOf(subscription) === userId);
  if (held !== undefined) return held.subscription_id;
  const created = await client.call("activity.subscriptions.create", {
    filter: { user_id: userId },
  });
  return created.data.subscription_id;
}

/** Deletes an upstream subscription; already gone is fine, other failures are told. Never rejects. */
export async function deleteUserSubscription(
  client: RestClient,
  subscriptionId: string,
  onError: (message: string) => void,
): Promise<void> {
  try {
    await client.call("activity.subscriptions.delete", { subscription_id: subscriptionId });
  } catch (error) {
    // Already gone is what a release wants; anything else leaves it for a later adoption.
    if (!(error instanceof RestApiError && error.status === 404)) {
      onError(
        `activity: deleting the upstream subscription of a user failed: ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
    }
  }
}
