import { afterEach, describe, expect, it } from "vitest";
import { RestApiError, RestBatchError, RestValidationError, sha256Hex } from "../src/index.js";
import { clientFor, fakeTime } from "./support/client.js";
import { fakeAudienceBatch } from "./support/fake-ads.js";
import { json, startScriptedServer } from "./support/scripted-server.js";
import type { ScriptedServer } from "./support/scripted-server.js";

let server: ScriptedServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const create = (name: string) => ({
  operation_type: "Create" as const,
  params: {
    audience_type: "FLEXIBLE" as const,
    name,
    segments: { custom_audience_id: "ca1", lookback_window: 7 as const },
  },
});

describe("custom-audience batches", () => {
  it("splits to 10 per request, keeps order, and reports a bad item under the caller's index", async () => {
    server = await startScriptedServer(fakeAudienceBatch());
    const client = clientFor(server);
    const operations = Array.from({ length: 25 }, (_, i) =>
      create(i === 13 ? "bad name" : `aud ${i}`),
    );
    const outcome = await client.custom_audiences.batch.chunked({ account_id: "acc1", operations });
    expect(server.requests.map((r) => (JSON.parse(r.body) as unknown[]).length)).toEqual([10, 10]);
    expect(outcome.ok).toBe(false);
    expect(outcome.operationErrors).toEqual([
      {
        index: 13,
        errors: [{ code: "INVALID_PARAMETER", message: "name is not allowed", parameter: "name" }],
      },
    ]);
    expect(outcome.failures).toHaveLength(1);
    expect(outcome.failures[0]?.indexes).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(outcome.failures[0]?.error).toBeInstanceOf(RestApiError);
    expect(outcome.notSent).toEqual([20, 21, 22, 23, 24]);
    expect(outcome.data.slice(0, 10).map((a) => a?.name)).toEqual(
      operations.slice(0, 10).map((o) => o.params.name),
    );
    expect(outcome.data.slice(10).every((a) => a === undefined)).toBe(true);
    await client.close();
  });

  it("goes on after a failed chunk when stopOnError is false", async () => {
    server = await startScriptedServer(fakeAudienceBatch());
    const client = clientFor(server);
    const operations = Array.from({ length: 25 }, (_, i) => create(i === 3 ? "bad" : `aud ${i}`));
    const outcome = await client.chunked(
      "custom_audiences.batch",
      { account_id: "acc1", operations },
      { stopOnError: false },
    );
    expect(server.requests).toHaveLength(3);
    expect(outcome.operationErrors.map((e) => e.index)).toEqual([3]);
    expect(outcome.data.filter((a) => a !== undefined)).toHaveLength(15);
    expect(outcome.notSent).toEqual([]);
    await client.close();
  });

  it("validates every chunk before sending any, naming the caller's indexes", async () => {
    server = await startScriptedServer(fakeAudienceBatch());
    const client = clientFor(server);
    const operations: unknown[] = Array.from({ length: 25 }, (_, i) => create(`aud ${i}`));
    operations[17] = { operation_type: "Create", params: { audience_type: "FLEXIBLE", name: "" } };
    operations[22] = { operation_type: "Explode", params: {} };
    const error = await client.custom_audiences.batch
      .chunked({ account_id: "acc1", operations: operations as never })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestValidationError);
    const parameters = (error as RestValidationError).violations.map((v) => v.parameter);
    expect(parameters).toEqual(
      expect.arrayContaining(["operations[17].params.name", "operations[22].operation_type"]),
    );
    expect(server.requests).toHaveLength(0);
    await client.close();
  });

  it("names the caller's index in the message of an operation's own rule, not the chunk's", async () => {
    server = await startScriptedServer(fakeAudienceBatch());
    const client = clientFor(server);
    const operations: unknown[] = Array.from({ length: 25 }, (_, i) => create(`aud ${i}`));
    operations[13] = { operation_type: "Create", params: { audience_type: "FLEXIBLE", name: "x" } };
    const error = await client.custom_audiences.batch
      .chunked({ account_id: "acc1", operations: operations as never })
      .catch((e: unknown) => e);
    const violations = (error as RestValidationError).violations;
    expect(violations.map((v) => [v.parameter, v.message.slice(0, 15)])).toEqual([
      ["operations[13].params.segments", "operations[13]:"],
    ]);
    expect(server.requests).toHaveLength(0);
    await client.close();
  });
});

describe("users batches", () => {
  const users = (n: number, offset = 0) =>
    Array.from({ length: n }, (_, i) => ({ email: [sha256Hex(`user${offset + i}@example.com`)] }));

  it("splits at 2,500 operations and checks the counts of each answer", async () => {
    server = await startScriptedServer((request) => {
      const operations = JSON.parse(request.body) as Array<{ params: { users: unknown[] } }>;
      const n = operations.reduce((sum, op) => sum + op.params.users.length, 0);
      return json(200, { data: { success_count: n, total_count: n } });
    });
    const client = clientFor(server);
    const operations = Array.from({ length: 6000 }, (_, i) => ({
      operation_type: "Update" as const,
      params: { users: users(1, i) },
    }));
    const outcome = await client.custom_audiences.users.batch.chunked({
      account_id: "acc1",
      custom_audience_id: "ca1",
      operations,
    });
    expect(outcome.ok).toBe(true);
    expect(server.requests.map((r) => (JSON.parse(r.body) as unknown[]).length)).toEqual([
      2500, 2500, 1000,
    ]);
    expect(outcome.responses).toHaveLength(3);
    await client.close();
  });

  it("retries a chunk whose success_count differs from the users sent, then reports it", async () => {
    const time = fakeTime();
    server = await startScriptedServer(() =>
      json(200, { data: { success_count: 1, total_count: 2 } }),
    );
    const client = clientFor(server, { clock: time.clock, sleep: time.sleep });
    const outcome = await client.custom_audiences.users.batch.chunked(
      {
        account_id: "acc1",
        custom_audience_id: "ca1",
        operations: [{ operation_type: "Update", params: { users: users(2) } }],
      },
      { countRetries: 2 },
    );
    expect(server.requests).toHaveLength(3);
    expect(outcome.ok).toBe(false);
    const error = outcome.failures[0]?.error;
    expect(error).toBeInstanceOf(RestBatchError);
    expect((error as RestBatchError).sent).toBe(2);
    expect((error as RestBatchError).successCount).toBe(1);
    expect((error as RestBatchError).indexes).toEqual([0]);
    await client.close();
  });

  it("accepts the second answer when a retry brings the right counts", async () => {
    const time = fakeTime();
    server = await startScriptedServer([
      json(200, { data: { success_count: 0, total_count: 3 } }),
      json(200, { data: [{ success_count: 3, total_count: 3 }] }),
    ]);
    const client = clientFor(server, { clock: time.clock, sleep: time.sleep });
    const outcome = await client.do_not_reach_lists.users.batch.chunked(
      {
        account_id: "acc1",
        do_not_reach_list_id: "dnr1",
        operations: [
          {
            operation_type: "Update",
            params: { expires_at: "2025-06-01T00:00:00Z", users: users(3) },
          },
        ],
      },
      { validate: { now: new Date("2025-01-01T00:00:00Z") } },
    );
    expect(outcome.ok).toBe(true);
    expect(server.requests).toHaveLength(2);
    await client.close();
  });
});
