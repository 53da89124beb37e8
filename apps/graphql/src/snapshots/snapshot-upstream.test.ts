import { RestNetworkError } from "@adsgraph/rest-client";
import { describe, expect, it, vi } from "vitest";
import { createAccountAccess } from "../access/account-access.js";
import { scriptedClient } from "../../test/support/scripted-client.js";
import { CacheMarks } from "./cache-report.js";
import { createFreshnessPolicy } from "./freshness.js";
import type { SnapshotInput, SnapshotRepository, SnapshotVersion } from "./snapshot-repository.js";
import { snapshotMiddleware, type SnapshotUpstreamOptions } from "./snapshot-upstream.js";
import type { SnapshotBuild, SnapshotWriter } from "./snapshot-writer.js";

/** An in-memory repository and a writer that writes at once: enough to drive the policy. */
function memory() {
  const rows = new Map<string, SnapshotVersion>();
  const repository: SnapshotRepository = {
    record(inputs: readonly SnapshotInput[]) {
      for (const input of inputs) {
        const key = `${input.resourceType}|${input.resourceId}`;
        const before = rows.get(key);
        rows.set(key, {
          ...input,
          version: (before?.version ?? 0) + 1,
          contentHash: "",
          checkedAt: input.fetchedAt,
        });
      }
      return Promise.resolve(inputs.length);
    },
    latest: (type, ids) =>
      Promise.resolve(
        new Map(
          ids.flatMap((id) => {
            const row = rows.get(`${type}|${id}`);
            return row ? [[id, row] as const] : [];
          }),
        ),
      ),
    history: () => Promise.resolve([]),
    prune: () => Promise.resolve(0),
  };
  const writer: SnapshotWriter = {
    enqueue: (build) => void repository.record(build()),
    requestStarted: () => () => undefined,
    flush: () => Promise.resolve(),
    idle: true,
    queued: 0,
  };
  return { repository, writer, rows };
}

/** A scripted upstream: campaigns of account "acc", access for user "u1" only. */
function scriptedUpstream() {
  const calls: string[] = [];
  let down = false;
  const campaign = { id: "c1", account_id: "acc", name: "Spring" };
  const { client } = scriptedClient(({ endpointId, params }) => {
    calls.push(endpointId);
    if (down) {
      const site = { method: "GET", endpointId, path: "/12/accounts/acc" };
      throw new RestNetworkError(site, "failed: connection refused", {
        possiblyApplied: false,
        attempts: 1,
      });
    }
    if (endpointId === "authenticated_user_access.get") return { data: { permissions: [] } };
    if (endpointId === "campaigns.update") return { data: { ...campaign, name: "Renamed" } };
    if (endpointId === "audience_estimate.estimate")
      return { data: { audience_size: { min: 900, max: 1100 } } };
    return { data: { ...campaign, account_id: params.account_id } };
  });
  return { client, calls, setDown: (value: boolean) => (down = value) };
}

describe("snapshots around upstream", () => {
  const setup = (entitySeconds = 30) => {
    let clock = 1_000_000;
    const store = memory();
    const scripted = scriptedUpstream();
    const access = createAccountAccess({ ttlMs: 60_000, now: () => clock });
    const accountWrites = new Map<string, number>();
    const make = (userId: string | null, overrides: Partial<SnapshotUpstreamOptions> = {}) => {
      const marks = new CacheMarks();
      return {
        marks,
        upstream: scripted.client.with({
          middleware: [
            snapshotMiddleware({
              ...store,
              upstream: scripted.client,
              access,
              accountWrites,
              marks,
              userId,
              policy: createFreshnessPolicy({ referenceSeconds: 3600, entitySeconds }),
              now: () => clock,
              ...overrides,
            }),
          ],
        }),
      };
    };
    return { store, scripted, make, tick: (ms: number) => (clock += ms) };
  };
  const params = { account_id: "acc", campaign_id: "c1" };

  it("answers a second read from a fresh snapshot, with no upstream call", async () => {
    const { scripted, make, tick } = setup();
    const first = make("u1");
    await first.upstream.call("campaigns.get", params);
    tick(10_000);
    const second = make("u1");
    const { data: value } = await second.upstream.call("campaigns.get", params);
    expect(scripted.calls).toEqual(["campaigns.get"]);
    expect(second.marks.lookup(value)).toEqual({ stale: false, snapshotAt: new Date(1_000_000) });

    tick(30_000); // past the entity freshness
    await make("u1").upstream.call("campaigns.get", params);
    expect(scripted.calls).toEqual(["campaigns.get", "campaigns.get"]);
  });

  it("tells the other replicas of a write before answering it", async () => {
    const { make } = setup();
    const announced: unknown[] = [];
    let release: () => void = () => undefined;
    const announceWrite = (write: unknown) => {
      announced.push(write);
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    };
    let answered = false;
    const writing = make("u1", { announceWrite })
      .upstream.call("campaigns.update", { ...params, name: "Renamed" })
      .then(() => {
        answered = true;
      });
    while (announced.length === 0) await new Promise((resolve) => setImmediate(resolve));
    expect(announced).toEqual([{ scope: "acc", userId: "u1" }]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    release();
    await writing;
    expect(answered).toBe(true);
  });

  it("records an answer whole again once a touch of it missed (another replica wrote)", async () => {
    const { store, make } = setup(0);
    const recorded: SnapshotInput[] = [];
    const record = store.repository.record.bind(store.repository);
    store.repository.record = (inputs) => {
      recorded.push(...inputs);
      return record(inputs.filter((input) => input.touchOnly !== true));
    };
    const recentDigests = new Map<string, string>();
    const read = async () => {
      recorded.length = 0;
      await make("u1", { recentDigests }).upstream.call("campaigns.get", params);
      return recorded.find((input) => input.resourceType === "query:campaigns.get");
    };
    expect((await read())?.touchOnly).toBeUndefined();
    const touch = await read();
    expect(touch?.touchOnly).toBe(true);
    expect((await read())?.touchOnly).toBe(true);
    touch?.touchMissed?.();
    expect((await read())?.touchOnly).toBeUndefined();
  });

  it("answers from the last snapshot during an outage, marked stale", async () => {
    const { scripted, make, tick } = setup(0);
    await make("u1").upstream.call("campaigns.get", params);
    tick(5_000);
    scripted.setDown(true);
    const during = make("u1");
    const { data: value } = await during.upstream.call("campaigns.get", params);
    expect(value).toMatchObject({ id: "c1", name: "Spring" });
    expect(during.marks.lookup(value)?.stale).toBe(true);
  });

  it("never serves an account's snapshot to a caller upstream has not vouched for", async () => {
    const { scripted, make } = setup();
    await make("u1").upstream.call("campaigns.get", params);
    scripted.setDown(true);
    // u2 never read the account and upstream cannot be asked: the snapshot stays unserved.
    await expect(make("u2").upstream.call("campaigns.get", params)).rejects.toThrow(
      RestNetworkError,
    );
    await expect(make(null).upstream.call("campaigns.get", params)).rejects.toThrow(
      RestNetworkError,
    );
  });

  it("does not answer from snapshots older than a write to the account, and records the write", async () => {
    const { scripted, store, make, tick } = setup();
    const u1 = make("u1").upstream;
    await u1.call("campaigns.get", params);
    tick(1000);
    await u1.call("campaigns.update", { ...params, name: "Renamed" });
    tick(1000);
    await make("u1").upstream.call("campaigns.get", params);
    expect(scripted.calls).toEqual(["campaigns.get", "campaigns.update", "campaigns.get"]);
    expect(store.rows.get("campaign|c1")?.body).toMatchObject({ name: "Spring" });
    expect(store.rows.get("campaign|c1")?.version).toBe(3);
  });

  it("answers an audience estimate (a POST that changes nothing) like a read", async () => {
    const { scripted, make, tick } = setup();
    const u1 = make("u1").upstream;
    await u1.call("campaigns.get", params);
    const estimate = {
      account_id: "acc",
      targeting_criteria: [{ targeting_type: "LOCATION" as const, targeting_value: "US" }],
    };
    await u1.call("audience_estimate.estimate", estimate);
    tick(1000);
    // Neither the campaign's snapshot (no write to the account) nor the estimate's is stale.
    await make("u1").upstream.call("campaigns.get", params);
    const { data } = await make("u1").upstream.call("audience_estimate.estimate", estimate);
    expect(data).toEqual({ audience_size: { min: 900, max: 1100 } });
    expect(scripted.calls).toEqual(["campaigns.get", "audience_estimate.estimate"]);
  });

  it("serialises nothing on the response path; an unchanged answer only confirms its version", async () => {
    const { scripted, make } = setup(0);
    const builds: SnapshotBuild[] = [];
    const held: SnapshotWriter = {
      enqueue: (build) => builds.push(build),
      requestStarted: () => () => undefined,
      flush: () => Promise.resolve(),
      idle: false,
      queued: 0,
    };
    const stringify = vi.spyOn(JSON, "stringify");
    const u1 = make("u1", { writer: held }).upstream;
    await u1.call("campaigns.get", params);
    await u1.call("campaigns.get", params);
    // The call's key is canonical JSON of the parameters (strings only); no answer is serialised.
    const serialised = stringify.mock.calls.filter(
      ([arg]) => typeof arg === "object" && arg !== null,
    );
    stringify.mockRestore();
    expect(serialised).toEqual([]);
    expect(scripted.calls).toEqual(["campaigns.get", "campaigns.get"]);

    const [first, second] = builds.map((build) => build());
    expect(first?.map((input) => [input.resourceType, input.touchOnly])).toEqual([
      ["query:campaigns.get", undefined],
      ["campaign", undefined],
    ]);
    expect(second).toMatchObject([{ resourceType: "query:campaigns.get", touchOnly: true }]);
  });
});
