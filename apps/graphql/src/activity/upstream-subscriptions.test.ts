import { describe, expect, it } from "vitest";
import { scriptedClient } from "../../test/support/scripted-client.js";
import { createUpstreamSubscriptions } from "./upstream-subscriptions.js";

const subscription = (id: string, userId: string, extra: Record<string, unknown> = {}) => ({
  subscription_id: id,
  event_type: null,
  filter: { user_id: userId },
  created_at: "2026-05-01T00:00:00Z",
  ...extra,
});

/** ads-api's subscription endpoints as a script; `existing` is what the list answers first. */
function upstream(existing: ReturnType<typeof subscription>[] = []) {
  let next = 500;
  return scriptedClient(({ endpointId, params }) => {
    switch (endpointId) {
      case "activity.subscriptions.list":
        return { data: existing };
      case "activity.subscriptions.create": {
        next += 1;
        const filter = params.filter as { user_id: string };
        return { data: subscription(String(next), filter.user_id) };
      }
      case "activity.subscriptions.delete":
        return { data: subscription(String(params.subscription_id), "0") };
      default:
        throw new Error(`unexpected ${endpointId}`);
    }
  });
}

const writes = (calls: { endpointId: string; params: Readonly<Record<string, unknown>> }[]) =>
  calls.filter((call) => call.endpointId !== "activity.subscriptions.list");

describe("createUpstreamSubscriptions", () => {
  it("creates one subscription per user however many subscribers ask at once", async () => {
    const { client, calls } = upstream();
    const subscriptions = createUpstreamSubscriptions(client, { onError: () => undefined });
    await Promise.all([
      subscriptions.acquire("1"),
      subscriptions.acquire("1"),
      subscriptions.acquire("2"),
    ]);
    expect(writes(calls)).toEqual([
      { endpointId: "activity.subscriptions.create", params: { filter: { user_id: "1" } } },
      { endpointId: "activity.subscriptions.create", params: { filter: { user_id: "2" } } },
    ]);
    expect(calls.filter((call) => call.endpointId === "activity.subscriptions.list")).toHaveLength(
      1,
    );
  });

  it("deletes it when the last holder leaves, and creates it anew for the next", async () => {
    const { client, calls } = upstream();
    const subscriptions = createUpstreamSubscriptions(client, { onError: () => undefined });
    await subscriptions.acquire("1");
    await subscriptions.acquire("1");
    void subscriptions.release("1");
    await subscriptions.release("1");
    await subscriptions.acquire("1");
    // A subscriber back before the delete ran keeps the subscription (a reconnecting client).
    const leaving = subscriptions.release("1");
    await subscriptions.acquire("1");
    await leaving;
    expect(writes(calls).map((call) => [call.endpointId, call.params])).toEqual([
      ["activity.subscriptions.create", { filter: { user_id: "1" } }],
      ["activity.subscriptions.delete", { subscription_id: "501" }],
      ["activity.subscriptions.create", { filter: { user_id: "1" } }],
    ]);
    expect(subscriptions.size).toBe(1);
  });

  it("takes over a user's subscription an earlier run left, never a filtered one", async () => {
    const { client, calls } = upstream([
      subscription("7", "1"),
      subscription("8", "2", { event_type: "dm.sent" }),
    ]);
    const subscriptions = createUpstreamSubscriptions(client, { onError: () => undefined });
    await subscriptions.acquire("1");
    await subscriptions.acquire("2");
    await subscriptions.release("1");
    await subscriptions.acquire("3");
    expect(writes(calls).map((call) => [call.endpointId, call.params])).toEqual([
      ["activity.subscriptions.create", { filter: { user_id: "2" } }],
      ["activity.subscriptions.delete", { subscription_id: "7" }],
      ["activity.subscriptions.create", { filter: { user_id: "3" } }],
    ]);
  });
});
