import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { clientFor } from "../../test/support/client.js";
import { fakeStats, resultBody } from "../../test/support/fake-stats.js";
import { startScriptedServer } from "../../test/support/scripted-server.js";
import type { ScriptedServer } from "../../test/support/scripted-server.js";
import { RestAbortedError, RestProtocolError, RestStatsJobError } from "../core/errors.js";
import { fetchStats } from "./fetch-stats.js";
import { runStatsJobs } from "./stats-jobs.js";
import type { StatsJobParams } from "./stats-jobs.js";

const servers: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(handler: Parameters<typeof startScriptedServer>[0]) {
  const server = await startScriptedServer(handler);
  servers.push(server);
  return server;
}

const job = (ids: string[]): StatsJobParams => ({
  entity: "CAMPAIGN",
  entity_ids: ids,
  start_time: "2026-10-01T00:00:00Z",
  end_time: "2026-10-31T00:00:00Z",
  granularity: "TOTAL",
  metric_groups: ["ENGAGEMENT"],
  placement: "ALL_ON_TWITTER",
});

/** Waits recorded, none slept. */
function instantSleep() {
  const waits: number[] = [];
  return { waits, sleep: (ms: number) => (waits.push(ms), Promise.resolve()) };
}

describe("runStatsJobs over HTTP", () => {
  it("creates, polls pending jobs in one list call, downloads and gunzips each result", async () => {
    // The first job is done at the first poll, the second at the second.
    let polls = 0;
    const fake = fakeStats({ script: () => (polls++ === 1 ? "PROCESSING" : "SUCCESS") });
    const server = await serve(fake.handler);
    const { waits, sleep } = instantSleep();
    const answers = await runStatsJobs(clientFor(server), "acc1", [job(["a"]), job(["b", "c"])], {
      sleep,
      pollIntervalMs: 100,
    });
    expect(answers.map((a) => a.data.map((entry) => entry.id))).toEqual([["a"], ["b", "c"]]);
    // The vendor's key is renamed at the edge.
    expect(answers[0]?.data[0]?.id_data[0]?.metrics).toEqual({ impressions: [7], reposts: null });
    expect(fake.seen).toMatchObject({ create: 2, list: 2, result: 2, delete: [] });
    const lists = server.requests.filter((r) => r.method === "GET" && r.path.includes("/jobs/"));
    expect(lists[0]?.query.get("job_ids")?.split(",")).toHaveLength(2);
    expect(lists[1]?.query.get("job_ids")?.split(",")).toHaveLength(1);
    // Result files are fetched without credentials.
    const downloads = server.requests.filter((r) => r.path.startsWith("/stats/results/"));
    expect(downloads.map((r) => r.headers.authorization)).toEqual([undefined, undefined]);
    expect(waits).toEqual([100, 200]);
  });

  it("hooks and errors show the result route, never the file name (the capability)", async () => {
    const fake = fakeStats({ resultBytes: () => Buffer.from([0x1f, 0x8b, 1, 2, 3]) });
    const server = await serve(fake.handler);
    const shown: string[] = [];
    const client = clientFor(server, {
      hooks: {
        onRequest: (event) => shown.push(event.url, event.path),
        onError: (event) => shown.push(event.url, event.path, event.error.message),
      },
    });
    const run = runStatsJobs(client, "acc1", [job(["a"])], { sleep: instantSleep().sleep });
    await expect(run).rejects.toThrow(/GET stats\.jobs\.result \(\/stats\/results\/:result_file\)/);
    expect(shown).toContain(`${server.url}/stats/results/:result_file`);
    expect(shown.filter((text) => text.includes("-tok"))).toEqual([]);
  });

  it("refuses a result url on another origin without a request, and cancels the rest", async () => {
    const elsewhere = await serve(() => ({ status: 200, body: gzipSync("{}") }));
    let polls = 0;
    const fake = fakeStats({
      script: () => (polls++ === 0 ? "SUCCESS" : "PROCESSING"),
      resultUrl: (_origin, file) => `${elsewhere.url}/stats/results/${file}`,
    });
    const server = await serve(fake.handler);
    const run = runStatsJobs(clientFor(server), "acc1", [job(["a"]), job(["b"])], {
      sleep: instantSleep().sleep,
    });
    await expect(run).rejects.toBeInstanceOf(RestStatsJobError);
    await expect(run).rejects.toMatchObject({ code: "UNTRUSTED_URL", reason: "UNTRUSTED_URL" });
    expect(elsewhere.requests).toHaveLength(0);
    expect(fake.seen.result).toBe(0);
    expect(fake.seen.delete).toHaveLength(1);
  });

  it("downloads from an origin listed in resultOrigins (a file host)", async () => {
    const fileHost = await serve(() => ({
      status: 200,
      body: gzipSync(JSON.stringify(resultBody(["a"]))),
    }));
    const fake = fakeStats({
      resultUrl: (_origin, file) => `${fileHost.url}/advertiser-api-async-analytics/${file}`,
    });
    const server = await serve(fake.handler);
    const [answer] = await runStatsJobs(clientFor(server), "acc1", [job(["a"])], {
      sleep: instantSleep().sleep,
      resultOrigins: [fileHost.url],
    });
    expect(answer?.data[0]?.id).toBe("a");
    expect(fileHost.requests.map((r) => r.path)).toEqual([
      "/advertiser-api-async-analytics/100000000000000001-tok.json.gz",
    ]);
  });

  it("an abort stops polling, cancels the pending jobs and rejects RestAbortedError", async () => {
    const fake = fakeStats({ script: () => "PROCESSING" });
    const server = await serve(fake.handler);
    const controller = new AbortController();
    let sleeps = 0;
    const run = runStatsJobs(clientFor(server), "acc1", [job(["a"]), job(["b"])], {
      signal: controller.signal,
      // The caller gives up during the second wait.
      sleep: (_ms, signal) => {
        if (++sleeps === 2) controller.abort();
        return signal?.aborted === true ? Promise.reject(new Error("aborted")) : Promise.resolve();
      },
    });
    await expect(run).rejects.toBeInstanceOf(RestAbortedError);
    expect(fake.seen.list).toBe(1);
    expect(fake.seen.delete).toHaveLength(2);
    expect(fake.seen.result).toBe(0);
  });

  it.each([
    ["FAILED", "JOB_FAILED"],
    ["EXPIRED", "JOB_FAILED"],
  ] as const)("a job that ends %s rejects with a typed error", async (status, code) => {
    const fake = fakeStats({ script: () => status });
    const server = await serve(fake.handler);
    const run = runStatsJobs(clientFor(server), "acc1", [job(["a"])], {
      sleep: instantSleep().sleep,
    });
    await expect(run).rejects.toMatchObject({ name: "RestStatsJobError", code, reason: status });
  });

  it("a wave that outlasts maxWaitMs is cancelled (TIMED_OUT)", async () => {
    const fake = fakeStats({ script: () => "PROCESSING" });
    const server = await serve(fake.handler);
    let now = 0;
    const run = runStatsJobs(clientFor(server), "acc1", [job(["a"])], {
      clock: () => now,
      sleep: (ms) => ((now += ms), Promise.resolve()),
      pollIntervalMs: 1_000,
      maxWaitMs: 10_000,
    });
    await expect(run).rejects.toMatchObject({ reason: "TIMED_OUT", code: "JOB_FAILED" });
    expect(fake.seen.list).toBe(3); // polls after 1 s, 3 s, 7 s; the next would end at 15 s
    expect(fake.seen.delete).toHaveLength(1);
  });

  it("a result over the decompressed-size cap is refused", async () => {
    const fake = fakeStats({
      resultBytes: (ids) =>
        gzipSync(JSON.stringify({ ...resultBody(ids), padding: "x".repeat(100_000) })),
    });
    const server = await serve(fake.handler);
    const run = runStatsJobs(clientFor(server), "acc1", [job(["a"])], {
      sleep: instantSleep().sleep,
      maxResultBytes: 10_000,
    });
    await expect(run).rejects.toBeInstanceOf(RestProtocolError);
    await expect(run).rejects.toThrow(/more than 10000 bytes decompressed/);
  });

  it("a result that is not gzip JSON of a stats answer is a protocol error", async () => {
    const fake = fakeStats({ resultBytes: () => Buffer.from([0x1f, 0x8b, 1, 2, 3]) });
    const server = await serve(fake.handler);
    const run = runStatsJobs(clientFor(server), "acc1", [job(["a"])], {
      sleep: instantSleep().sleep,
    });
    await expect(run).rejects.toThrow(/gzip body that does not decompress/);
  });
});

describe("fetchStats over HTTP", () => {
  it("25 ids over 10 days of hours: 2 batches × 2 windows, series joined", async () => {
    const fake = fakeStats();
    const server = await serve(fake.handler);
    const ids = Array.from({ length: 25 }, (_, i) => `c${i}`);
    const entries = await fetchStats(clientFor(server), {
      accountId: "acc1",
      entity: "CAMPAIGN",
      ids: [...ids, "c0"],
      start: "2026-11-01T00:00:00Z",
      end: "2026-11-11T00:00:00Z",
      granularity: "HOUR",
      metricGroups: ["ENGAGEMENT"],
      placement: "ALL_ON_TWITTER",
    });
    expect([...entries.keys()]).toEqual(ids);
    expect(fake.seen.get.map((r) => r.query.get("entity_ids")?.split(",").length)).toEqual([
      20, 20, 5, 5,
    ]);
    expect(fake.seen.get.map((r) => r.query.get("end_time"))).toEqual([
      "2026-11-08T00:00:00Z",
      "2026-11-11T00:00:00Z",
      "2026-11-08T00:00:00Z",
      "2026-11-11T00:00:00Z",
    ]);
    const impressions = entries.get("c24")?.id_data[0]?.metrics.impressions;
    expect(Array.isArray(impressions) ? impressions.length : 0).toBe(240);
  });

  it("30 days for 100 ids goes by jobs: 5 creates, 1 poll, 5 downloads", async () => {
    const fake = fakeStats();
    const server = await serve(fake.handler);
    const entries = await fetchStats(
      clientFor(server),
      {
        accountId: "acc1",
        entity: "CAMPAIGN",
        ids: Array.from({ length: 100 }, (_, i) => `c${i}`),
        start: "2026-10-01T00:00:00Z",
        end: "2026-10-31T00:00:00Z",
        granularity: "TOTAL",
        metricGroups: ["ENGAGEMENT"],
        placement: "ALL_ON_TWITTER",
      },
      { sleep: instantSleep().sleep },
    );
    expect(entries.size).toBe(100);
    expect(fake.seen).toMatchObject({ create: 5, list: 1, result: 5, get: [] });
  });
});

describe("binary answers", () => {
  it("a result served uncompressed as application/octet-stream is read as UTF-8 JSON", async () => {
    const fake = fakeStats({ resultBytes: (ids) => Buffer.from(JSON.stringify(resultBody(ids))) });
    const server = await serve(fake.handler);
    const [answer] = await runStatsJobs(clientFor(server), "acc1", [job(["a"])], {
      sleep: instantSleep().sleep,
    });
    expect(answer?.data[0]?.id).toBe("a");
  });

  it("a bad maxDecompressedBytes is refused before sending", async () => {
    const server = await serve(() => ({ status: 200, body: {} }));
    const call = clientFor(server).call(
      "stats.jobs.result",
      { result_file: "1-t.json.gz" },
      { maxDecompressedBytes: 0 },
    );
    await expect(call).rejects.toThrow(/maxDecompressedBytes must be a whole number of bytes/);
    expect(server.requests).toHaveLength(0);
  });
});

describe("the url option", () => {
  it("is refused for an endpoint that sends credentials, nothing sent", async () => {
    const server = await serve(() => ({ status: 200, body: {} }));
    const call = clientFor(server).call(
      "campaigns.list",
      { account_id: "acc1" },
      { url: `${server.url}/elsewhere` },
    );
    await expect(call).rejects.toThrow(/options\.url is only taken by GET endpoints/);
    expect(server.requests).toHaveLength(0);
  });
});
