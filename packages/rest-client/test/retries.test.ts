import { afterEach, describe, expect, it, vi } from "vitest";
import {
  RestAbortedError,
  RestApiError,
  RestNetworkError,
  RestTimeoutError,
} from "../src/index.js";
import type { ErrorEvent, RetryEvent } from "../src/index.js";
import { clientFor, fakeTime } from "./support/client.js";
import { campaign, listEnvelope, singleEnvelope } from "./support/fixtures.js";
import { json, startScriptedServer } from "./support/scripted-server.js";
import type { ScriptedServer } from "./support/scripted-server.js";

const list = { account_id: "acc1" };
const create = { account_id: "acc1", name: "spring", funding_instrument_id: "fi1" };
let server: ScriptedServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("GET retries", () => {
  it("retries connection resets, then answers", async () => {
    server = await startScriptedServer([
      { reset: true },
      { reset: true },
      json(200, listEnvelope([campaign("c1")], null)),
    ]);
    const retries: RetryEvent[] = [];
    const client = clientFor(server, { hooks: { onRetry: (e) => retries.push(e) } });
    const page = await client.campaigns.list(list);
    expect(page.data).toHaveLength(1);
    expect(server.requests).toHaveLength(3);
    expect(retries.map((r) => [r.reason, r.attempt])).toEqual([
      ["network", 1],
      ["network", 2],
    ]);
    await client.close();
  });

  it("gives up on repeated resets with a typed network error", async () => {
    server = await startScriptedServer(() => ({ reset: true }));
    const client = clientFor(server, { retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 2 } });
    const error = await client.campaigns.list(list).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestNetworkError);
    expect(error).not.toBeInstanceOf(RestTimeoutError);
    expect((error as RestNetworkError).possiblyApplied).toBe(false);
    expect((error as RestNetworkError).attempts).toBe(3);
    expect(server.requests).toHaveLength(3);
    await client.close();
  });

  it("times out slow answers, retries, then throws a typed timeout error", async () => {
    server = await startScriptedServer(() => ({
      delayMs: 5000,
      then: json(200, listEnvelope([], null)),
    }));
    const attempts: number[] = [];
    const retries: RetryEvent[] = [];
    const client = clientFor(server, {
      timeoutMs: 100,
      retry: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 2 },
      hooks: { onRequest: (e) => attempts.push(e.attempt), onRetry: (e) => retries.push(e) },
    });
    const error = await client.campaigns.list(list).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestTimeoutError);
    expect((error as RestTimeoutError).timeoutMs).toBe(100);
    expect((error as RestTimeoutError).possiblyApplied).toBe(false);
    // Two attempts sent, the second after the first timed out. The client's own count: on a
    // loaded machine the 100 ms can pass before the scripted server has read a request, so it
    // may have seen fewer (a CI run beside a CPU hog saw one); never more.
    expect(attempts).toEqual([1, 2]);
    expect(retries.map((r) => [r.reason, r.attempt])).toEqual([["timeout", 1]]);
    expect(server.requests.length).toBeLessThanOrEqual(2);
    await client.close();
  });

  it("takes a per-call timeout over the client's", async () => {
    // The per-call limit must cover the fast second answer on a loaded machine (100 ms did
    // not); the first answer's delay stays far above it, so ignoring it would read "[]".
    server = await startScriptedServer([
      { delayMs: 10_000, then: json(200, listEnvelope([], null)) },
      json(200, listEnvelope([campaign("c2")], null)),
    ]);
    const client = clientFor(server, { timeoutMs: 120_000 });
    const page = await client.campaigns.list(list, { timeoutMs: 2000 });
    expect(page.data[0]?.id).toBe("c2");
    expect(server.requests).toHaveLength(2);
    await client.close();
  });

  it("retries 5xx with backoff and reports the last answer when retries run out", async () => {
    const time = fakeTime();
    server = await startScriptedServer(() =>
      json(502, { errors: [{ code: 131, message: "Internal error" }] }, { "x-request-id": "r-9" }),
    );
    const client = clientFor(server, {
      clock: time.clock,
      sleep: time.sleep,
      random: () => 1,
      retry: { maxRetries: 3, baseDelayMs: 100, maxDelayMs: 250 },
    });
    const error = await client.campaigns.list(list).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestApiError);
    expect((error as RestApiError).status).toBe(502);
    expect((error as RestApiError).requestId).toBe("r-9");
    expect((error as RestApiError).codes).toEqual([131]);
    expect(time.sleeps).toEqual([100, 200, 250]);
    expect(server.requests).toHaveLength(4);
    await client.close();
  });

  it("stops retrying when the overall budget is spent", async () => {
    const time = fakeTime();
    server = await startScriptedServer(() => json(500, { errors: [] }));
    const client = clientFor(server, {
      clock: time.clock,
      sleep: time.sleep,
      random: () => 1,
      retry: { maxRetries: 10, baseDelayMs: 1000, maxDelayMs: 1000, budgetMs: 2500 },
    });
    await expect(client.campaigns.list(list)).rejects.toBeInstanceOf(RestApiError);
    expect(server.requests).toHaveLength(3);
    await client.close();
  });

  it("stops at once when the caller aborts, without another attempt", async () => {
    server = await startScriptedServer(() => ({
      delayMs: 5000,
      then: json(200, listEnvelope([], null)),
    }));
    const client = clientFor(server);
    const controller = new AbortController();
    const pending = client.campaigns.list(list, { signal: controller.signal });
    // Abort once the request is at the server (a fixed delay races a loaded machine).
    await vi.waitFor(() => {
      expect(server?.requests).toHaveLength(1);
    });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(RestAbortedError);
    expect(server.requests).toHaveLength(1);
    await client.close();
  });
});

describe("writes", () => {
  it("never retries a POST whose connection dropped, and reports it as possibly applied", async () => {
    server = await startScriptedServer(() => ({ reset: true }));
    const errors: ErrorEvent[] = [];
    const client = clientFor(server, { hooks: { onError: (e) => errors.push(e) } });
    const error = await client.campaigns.create(create).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestNetworkError);
    expect((error as RestNetworkError).possiblyApplied).toBe(true);
    expect((error as RestNetworkError).message).toMatch(/may have been applied/);
    expect(server.requests).toHaveLength(1);
    expect(errors.map((e) => e.error)).toEqual([error]);
    await client.close();
  });

  it("never retries a POST that timed out", async () => {
    server = await startScriptedServer(() => ({
      delayMs: 5000,
      then: json(200, singleEnvelope(campaign("c1"))),
    }));
    const client = clientFor(server, { timeoutMs: 100 });
    const error = await client.campaigns.create(create).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestTimeoutError);
    expect((error as RestTimeoutError).possiblyApplied).toBe(true);
    // At most the one attempt: on a loaded machine the 100 ms can pass before the scripted
    // server has even read the request, so it may have seen none; never a second.
    expect(server.requests.length).toBeLessThanOrEqual(1);
    await client.close();
  });

  it("never retries a write on 5xx", async () => {
    server = await startScriptedServer(() => json(503, { errors: [] }, { "retry-after": "1" }));
    const client = clientFor(server);
    await expect(
      client.campaigns.delete({ account_id: "acc1", campaign_id: "c1" }),
    ).rejects.toBeInstanceOf(RestApiError);
    expect(server.requests).toHaveLength(1);
    await client.close();
  });

  it("retries a write whose connection could not even be opened", async () => {
    const closed = await startScriptedServer([]);
    const url = closed.url;
    await closed.close();
    const retries: RetryEvent[] = [];
    const client = clientFor(url, { hooks: { onRetry: (e) => retries.push(e) } });
    const error = await client.campaigns.create(create).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestNetworkError);
    expect((error as RestNetworkError).possiblyApplied).toBe(false);
    expect((error as RestNetworkError).causeCode).toBe("ECONNREFUSED");
    expect(retries.map((r) => r.reason)).toEqual(["not_sent", "not_sent", "not_sent"]);
    await client.close();
  });
});
