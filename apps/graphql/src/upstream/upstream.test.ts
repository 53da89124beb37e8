import { ValidationError } from "@adsgraph/models";
import type { RestClient } from "@adsgraph/rest-client";
import { describe, expect, it } from "vitest";
import { UnauthenticatedError } from "../errors.js";
import { createRequestCounter } from "./request-counter.js";
import { createUpstream } from "./upstream.js";

/** A client whose list endpoints answer every id asked for, on one page. */
function fakeClient() {
  const sent: { id: string; params: Record<string, unknown> }[] = [];
  const answer = (id: string, params: Record<string, unknown>) => {
    sent.push({ id, params });
    const ids = (params.campaign_ids as string[] | undefined) ?? [];
    return { data: ids.map((i) => ({ id: i })), next_cursor: null };
  };
  const client = {
    call: (id: string, params: Record<string, unknown>) => Promise.resolve(answer(id, params)),
    pages: (id: string, params: Record<string, unknown>) => ({
      async *[Symbol.asyncIterator]() {
        await Promise.resolve();
        yield { items: answer(id, params).data, nextCursor: null, totalCount: undefined };
      },
    }),
  };
  return { client: client as unknown as RestClient, sent };
}

describe("upstream", () => {
  it("looks ids up at most 200 per request, each id once", async () => {
    const { client, sent } = fakeClient();
    const upstream = createUpstream({ client, counter: createRequestCounter() });
    const ids = Array.from({ length: 450 }, (_, n) => `c${n % 401}`);
    const items = await upstream.byIdList("campaigns.list", "campaign_ids", ids, {
      account_id: "a",
    });
    expect(sent.map((s) => (s.params.campaign_ids as string[]).length)).toEqual([200, 200, 1]);
    expect(items).toHaveLength(401);
  });

  it("checks a write against the catalog before sending anything", async () => {
    const { client, sent } = fakeClient();
    const upstream = createUpstream({ client, counter: createRequestCounter() });
    const write = upstream.write("campaigns.create", { account_id: "a", name: "x".repeat(300) });
    await expect(write).rejects.toBeInstanceOf(ValidationError);
    await expect(write).rejects.toMatchObject({
      violations: [{ parameter: "name", code: "TOO_LONG" }],
    });
    expect(sent).toEqual([]);
  });

  it("sends reference data through the app's client, the rest as the user", async () => {
    const user = fakeClient();
    const app = fakeClient();
    const upstream = createUpstream({
      client: user.client,
      appClient: app.client,
      counter: createRequestCounter(),
    });
    await upstream.collection("bidding_rules.list", {});
    await upstream.all("iab_categories.list", {});
    await upstream.byIdList("campaigns.list", "campaign_ids", ["c1"], { account_id: "a" });
    expect(app.sent.map((s) => s.id)).toEqual(["bidding_rules.list", "iab_categories.list"]);
    expect(user.sent.map((s) => s.id)).toEqual(["campaigns.list"]);
    // Still only for a signed-in caller.
    const anonymous = createUpstream({
      client: null,
      appClient: app.client,
      counter: createRequestCounter(),
    });
    await expect(anonymous.collection("bidding_rules.list", {})).rejects.toBeInstanceOf(
      UnauthenticatedError,
    );
    expect(app.sent).toHaveLength(2);
  });

  it("refuses every call without a session", async () => {
    const upstream = createUpstream({ client: null, counter: createRequestCounter() });
    await expect(upstream.get("accounts.get", { account_id: "a" })).rejects.toBeInstanceOf(
      UnauthenticatedError,
    );
  });
});
