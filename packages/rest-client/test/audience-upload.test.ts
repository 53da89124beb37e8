import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sha256Hex, uploadAudienceUsers, RestApiError, RestBatchError } from "../src/index.js";
import type { UploadReport, UploadProgress } from "../src/index.js";
import { clientFor, fakeTime } from "./support/client.js";
import { json, startScriptedServer } from "./support/scripted-server.js";
import type { RecordedRequest, Reply, ScriptedServer } from "./support/scripted-server.js";

let server: ScriptedServer | undefined;
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "audience-upload-"));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

type Operation = { operation_type: string; params: { users: Array<Record<string, string[]>> } };
const operationsOf = (request: RecordedRequest) => JSON.parse(request.body) as Operation[];
const emailsOf = (request: RecordedRequest) =>
  operationsOf(request).flatMap((op) => op.params.users.flatMap((user) => user.email ?? []));

/** A users batch that answers the users it was sent (what ads-api does). */
const answerCounts = (request: RecordedRequest): Reply => {
  const n = operationsOf(request).reduce((sum, op) => sum + op.params.users.length, 0);
  return json(200, { request: { params: {} }, data: { success_count: n, total_count: n } });
};

const emails = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `User${from + i}@Example.com`);

async function fileOf(lines: readonly string[]): Promise<string> {
  const file = path.join(dir, "users.txt");
  await writeFile(file, `${lines.join("\n")}\n`);
  return file;
}

const target = { account_id: "acc1", custom_audience_id: "ca1" } as const;

describe("uploadAudienceUsers", () => {
  it("sends 2,501 e-mails of a file as ceil(2,501 / 2,500) = 2 requests of hashed users", async () => {
    server = await startScriptedServer(answerCounts);
    const client = clientFor(server);
    const file = await fileOf(emails(2501));
    const report = await uploadAudienceUsers(client, { ...target, source: file });
    expect(server.requests.map((r) => operationsOf(r).length)).toEqual([2500, 1]);
    expect(server.requests[0]?.path).toBe("/12/accounts/acc1/custom_audiences/ca1/users");
    const sent = server.requests.flatMap(emailsOf);
    expect(sent[0]).toBe(sha256Hex("user0@example.com"));
    expect(new Set(sent).size).toBe(2501);
    expect(sent.every((digest) => /^[0-9a-f]{64}$/.test(digest))).toBe(true);
    expect(report).toMatchObject({
      read: 2501,
      sent: 2501,
      accepted: 2501,
      batches: 2,
      done: true,
    });
    await client.close();
  });

  it("keeps every request within the byte limit", async () => {
    server = await startScriptedServer(answerCounts);
    const client = clientFor(server);
    const file = await fileOf(emails(100));
    const report = await uploadAudienceUsers(client, { ...target, source: file, maxBytes: 1000 });
    const sizes = server.requests.map((r) => Buffer.byteLength(r.body));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(1000);
    // Every request but the last is full: one more operation (and its comma) would not fit.
    const opBytes = Buffer.byteLength(
      JSON.stringify(operationsOf(server.requests[0] as RecordedRequest)[0]),
    );
    expect(opBytes).toBe(127);
    for (const size of sizes.slice(0, -1)) expect(size + 1 + opBytes).toBeGreaterThan(1000);
    expect(server.requests.map((r) => operationsOf(r).length)).toEqual([
      ...Array<number>(14).fill(7),
      2,
    ]);
    expect(report.sent).toBe(100);
    await client.close();
  });

  it("counts unusable lines by kind and reason and never sends or saves clear text", async () => {
    server = await startScriptedServer(answerCounts);
    const client = clientFor(server);
    const progressFile = path.join(dir, "progress.json");
    const file = await fileOf([
      "ada@example.com",
      "not-an-email",
      "",
      '{"email": "grace@example.com", "phone_number": "+44 20 7946 0958"}',
      '{"email": "broken',
      '{"fax": "12345"}',
      "  Linus@Example.com  ",
    ]);
    const report = await uploadAudienceUsers(client, {
      ...target,
      source: file,
      progress: { file: progressFile },
    });
    expect(report).toMatchObject({ read: 7, sent: 3, accepted: 3, rejected: 4, batches: 1 });
    expect(report.rejectedBy).toEqual({
      email: { "not a usable email": 1, "empty line": 1 },
      json: { "not a JSON object": 1 },
      unknown: { "not an identifier kind": 1 },
    });
    const body = server.requests[0]?.body ?? "";
    for (const clear of ["ada@", "not-an-email", "grace@", "7946", "broken", "12345", "linus"]) {
      expect(body.toLowerCase()).not.toContain(clear);
    }
    expect(operationsOf(server.requests[0] as RecordedRequest)[1]?.params.users[0]).toEqual({
      email: [sha256Hex("grace@example.com")],
      phone_number: [sha256Hex("442079460958")],
    });
    // Counts only: no identifier, clear or hashed (the one digest is of the file's first bytes).
    const saved = await readFile(progressFile, "utf8");
    expect(saved).not.toMatch(/@|example/);
    for (const digest of emailsOf(server.requests[0] as RecordedRequest))
      expect(saved).not.toContain(digest);
    await client.close();
  });

  it("reports progress after every acknowledged batch", async () => {
    server = await startScriptedServer(answerCounts);
    const client = clientFor(server);
    const reports: UploadReport[] = [];
    await uploadAudienceUsers(client, {
      ...target,
      source: emails(25),
      maxOperations: 10,
      onProgress: (r) => reports.push(r),
    });
    expect(reports.map((r) => [r.read, r.sent, r.accepted, r.batches, r.done])).toEqual([
      [10, 10, 10, 1, false],
      [20, 20, 20, 2, false],
      [25, 25, 25, 3, false],
      [25, 25, 25, 3, true],
    ]);
    expect(reports.every((r) => r.recordsPerSecond >= 0 && r.elapsedMs >= 0)).toBe(true);
    await client.close();
  });

  it("waits for the reset on a 429 and when the account budget is spent, then sends", async () => {
    const time = fakeTime();
    const reset = (seconds: number) => String(Math.floor(time.now() / 1000) + seconds);
    server = await startScriptedServer((request, index) => {
      const headers = { "x-account-rate-limit-limit": "1500" };
      if (index === 0) {
        return json(
          429,
          { errors: [{ code: 88, message: "Rate limit exceeded" }] },
          {
            ...headers,
            "x-account-rate-limit-remaining": "0",
            "x-account-rate-limit-reset": reset(30),
          },
        );
      }
      const answer = answerCounts(request) as { status: number; body: unknown };
      // The first batch spends the budget: the second must wait before it is sent.
      return json(answer.status, answer.body, {
        ...headers,
        "x-account-rate-limit-remaining": index === 1 ? "0" : "5",
        "x-account-rate-limit-reset": reset(60),
      });
    });
    const client = clientFor(server, { clock: time.clock, sleep: time.sleep });
    const report = await uploadAudienceUsers(client, {
      ...target,
      source: emails(20),
      maxOperations: 10,
      clock: time.clock,
      sleep: time.sleep,
    });
    expect(server.requests.map((r) => operationsOf(r).length)).toEqual([10, 10, 10]);
    expect(report).toMatchObject({ sent: 20, batches: 2, retries: 0, rateLimitWaits: 2 });
    // Each wait reaches the announced reset (plus the client's 1 s pad).
    expect(time.sleeps[0]).toBeGreaterThanOrEqual(30_000);
    expect(time.sleeps[1]).toBeGreaterThanOrEqual(60_000);
    await client.close();
  });

  it("paces itself at the users-batch window: 10 batches under a limit of 3 a minute, no 429", async () => {
    const time = fakeTime();
    const statuses: number[] = [];
    // The server counts as ads-api does: a fixed window opened by the first request, 3 per minute.
    let window = { startedAt: 0, used: 0 };
    server = await startScriptedServer((request) => {
      if (time.now() >= window.startedAt + 60_000) window = { startedAt: time.now(), used: 0 };
      const allowed = window.used < 3;
      if (allowed) window.used += 1;
      const headers = {
        "x-account-rate-limit-limit": "3",
        "x-account-rate-limit-remaining": String(3 - window.used),
        "x-account-rate-limit-reset": String(Math.ceil((window.startedAt + 60_000) / 1000)),
      };
      statuses.push(allowed ? 200 : 429);
      if (!allowed)
        return json(429, { errors: [{ code: 88, message: "Rate limit exceeded" }] }, headers);
      const answer = answerCounts(request) as { status: number; body: unknown };
      return json(answer.status, answer.body, headers);
    });
    const client = clientFor(server, { clock: time.clock, sleep: time.sleep });
    const waiting: string[] = [];
    const report = await uploadAudienceUsers(client, {
      ...target,
      source: emails(100),
      maxOperations: 10,
      clock: time.clock,
      sleep: time.sleep,
      onProgress: (r) => {
        if (r.waitingUntil !== null) waiting.push(r.waitingUntil);
      },
    });
    expect(statuses).toEqual(Array<number>(10).fill(200));
    expect(report).toMatchObject({ sent: 100, batches: 10, retries: 0, rateLimitWaits: 3 });
    // Each wait was announced when it began, with when the upload resumes: the reset plus 1 s.
    const start = Date.UTC(2025, 0, 1, 12, 0, 0);
    expect(waiting).toEqual(
      [61_000, 122_000, 183_000].map((ms) => new Date(start + ms).toISOString()),
    );
    expect(report.waitingUntil).toBeNull();
    // What the book holds after the last batch: the fourth window, 1 of 3 spent.
    expect(client.budget.window("custom_audiences.users.batch", "acc1")).toMatchObject({
      scope: "account",
      limit: 3,
      remaining: 2,
    });
    await client.close();
  });

  it("sends a batch again when its counts differ from the users sent (spec §7) or on a 5xx", async () => {
    const time = fakeTime();
    server = await startScriptedServer((request, index) => {
      if (index === 0) return json(200, { data: { success_count: 3, total_count: 10 } });
      if (index === 1) return json(503, { errors: [{ code: 131, message: "Internal error" }] });
      return answerCounts(request);
    });
    const client = clientFor(server, { clock: time.clock, sleep: time.sleep });
    const report = await uploadAudienceUsers(client, {
      ...target,
      source: emails(10),
      clock: time.clock,
      sleep: time.sleep,
    });
    expect(server.requests).toHaveLength(3);
    expect(new Set(server.requests.map((r) => r.body)).size).toBe(1);
    expect(report).toMatchObject({ sent: 10, accepted: 10, batches: 1, retries: 2 });
    await client.close();
  });

  it("gives up on a batch whose counts keep differing, its progress left before it", async () => {
    const time = fakeTime();
    server = await startScriptedServer((request, index) =>
      index === 0
        ? answerCounts(request)
        : json(200, { data: { success_count: 0, total_count: 5 } }),
    );
    const client = clientFor(server, { clock: time.clock, sleep: time.sleep });
    const progressFile = path.join(dir, "progress.json");
    const error = await uploadAudienceUsers(client, {
      ...target,
      source: emails(10),
      sourceId: "ten",
      maxOperations: 5,
      batchRetries: 2,
      progress: { file: progressFile },
      clock: time.clock,
      sleep: time.sleep,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestBatchError);
    expect(server.requests).toHaveLength(4);
    const saved = JSON.parse(await readFile(progressFile, "utf8")) as UploadProgress;
    expect(saved).toMatchObject({ offset: 5, counts: { sent: 5, batches: 1 }, done: false });
    expect(saved.inFlight).toEqual({ batch: 2, from: 5, to: 10 });
    await client.close();
  });

  it("resumes a file after the last acknowledged batch and refuses another file's progress", async () => {
    let failAt: number | undefined = 2;
    server = await startScriptedServer((request, index) =>
      index === failAt
        ? json(400, { errors: [{ code: "INVALID_PARAMETER", message: "stop here" }] })
        : answerCounts(request),
    );
    const client = clientFor(server);
    const file = await fileOf(emails(23));
    const progress = { file: path.join(dir, "progress.json") };
    const first = await uploadAudienceUsers(client, {
      ...target,
      source: file,
      maxOperations: 5,
      progress,
    }).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(RestApiError);
    const firstRun = server.requests.splice(0);
    expect(firstRun).toHaveLength(3);
    failAt = undefined;

    const second = await uploadAudienceUsers(client, {
      ...target,
      source: file,
      maxOperations: 5,
      progress,
    });
    // Batches 1 and 2 were acknowledged; batch 3 (refused) and the rest are sent now.
    expect(second).toMatchObject({ resumedFrom: 10, resent: 5, read: 23, sent: 23, batches: 5 });
    expect(server.requests.map((r) => operationsOf(r).length)).toEqual([5, 5, 3]);
    const acknowledged = [...firstRun.slice(0, 2), ...server.requests].flatMap(emailsOf);
    expect(acknowledged).toEqual(emails(23).map((e) => sha256Hex(e.toLowerCase())));

    // Done: a third run sends nothing.
    const third = await uploadAudienceUsers(client, { ...target, source: file, progress });
    expect(third.done).toBe(true);
    expect(server.requests).toHaveLength(3);

    // Another file at the same path is not resumed by mistake.
    await writeFile(file, `${emails(23, 100).join("\n")}\n`);
    await expect(
      uploadAudienceUsers(client, { ...target, source: file, progress }),
    ).rejects.toMatchObject({ code: "PROGRESS_MISMATCH" });
    await expect(
      uploadAudienceUsers(client, { ...target, custom_audience_id: "ca2", source: file, progress }),
    ).rejects.toMatchObject({ code: "PROGRESS_MISMATCH" });
    await client.close();
  });

  it("stops after the batch in flight when `stop` fires, and a resume sends nothing twice", async () => {
    const stop = new AbortController();
    server = await startScriptedServer((request, index) => {
      // Asked to stop while the second batch is on its way: it is still acknowledged and saved.
      if (index === 1) stop.abort();
      return answerCounts(request);
    });
    const client = clientFor(server);
    const file = await fileOf(emails(23));
    const progress = { file: path.join(dir, "progress.json") };
    const first = await uploadAudienceUsers(client, {
      ...target,
      source: file,
      maxOperations: 5,
      progress,
      stop: stop.signal,
    });
    expect(first).toMatchObject({ read: 10, sent: 10, batches: 2, done: false });
    const saved = JSON.parse(await readFile(progress.file, "utf8")) as UploadProgress;
    expect(saved).toMatchObject({ offset: 10, inFlight: null, done: false });
    const firstRun = server.requests.splice(0);
    expect(firstRun).toHaveLength(2);

    const second = await uploadAudienceUsers(client, {
      ...target,
      source: file,
      maxOperations: 5,
      progress,
    });
    expect(second).toMatchObject({ resumedFrom: 10, resent: 0, read: 23, sent: 23, done: true });
    expect(server.requests.map((r) => operationsOf(r).length)).toEqual([5, 5, 3]);
    const acknowledged = [...firstRun, ...server.requests].flatMap(emailsOf);
    expect(acknowledged).toEqual(emails(23).map((e) => sha256Hex(e.toLowerCase())));
    await client.close();
  });

  it("uploads e-mails to the do-not-reach list, refusing other kinds", async () => {
    server = await startScriptedServer(answerCounts);
    const client = clientFor(server);
    const report = await uploadAudienceUsers(client, {
      account_id: "acc1",
      do_not_reach_list_id: "dnr1",
      source: [{ email: "a@example.com" }, { phone_number: "+14155552671" }],
      expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString().replace(/\.\d+Z$/, "Z"),
    });
    expect(server.requests[0]?.path).toBe("/12/batch/accounts/acc1/do_not_reach_lists/dnr1/users");
    expect(report).toMatchObject({ sent: 1, rejected: 1 });
    expect(report.rejectedBy).toEqual({ phone_number: { "not accepted by this endpoint": 1 } });
    await client.close();
  });
});
