import { gunzipSync } from "node:zlib";
import { getEndpoint, statsAnswerSchema } from "@adsgraph/models";
import { TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  HOUR_MS,
  DAY_MS,
  deliveringAccount,
  pinnedClock,
  statsQuery,
} from "./support/analytics-world.js";
import type { DeliveringAccount } from "./support/analytics-world.js";
import { dataOf, errorOf, itemsOf } from "./support/bodies.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import type { ApiResponse } from "./support/signed-fetch.js";

// Issue 36: asynchronous analytics jobs over real HTTP, on each engine: create answers
// PROCESSING, the worker finishes it, the result file (no OAuth: the url is the capability)
// gunzips to the synchronous answer; the per-account cap holds under concurrent creates;
// cancel; expiry. Each job takes JOB_MS here, so jobs are still processing when the test
// looks at them.

const jobSchema = getEndpoint("stats.jobs.create").response.schema;
const listSchema = getEndpoint("stats.jobs.list").response.schema;
const CAP = 2;
const JOB_MS = 1_500;

describe.each(TEST_ENGINES)("analytics jobs on %s (issue 36)", (engine) => {
  const clock = pinnedClock();
  const h = (hours: number) => clock.start + hours * HOUR_MS;
  let server: TestServer;
  let world: DeliveringAccount;
  let jobsPath: string;

  const create = (more = {}) =>
    world.admin.client.post(jobsPath, { query: statsQuery(world.lineItemId, h(0), h(6), more) });
  const list = (jobIds?: readonly string[]) =>
    world.admin.client.get(jobsPath, jobIds === undefined ? {} : { job_ids: jobIds.join(",") });
  const jobOf = async (id: string) => {
    const response = await list([id]);
    expect(response.status, response.text).toBe(200);
    const [job] = listSchema.parse(response.body).data;
    if (job === undefined) throw new Error(`job ${id} not listed`);
    return job;
  };

  beforeAll(async () => {
    server = await startTestServer(engine, {
      clock: clock.now,
      limits: { statsConcurrentJobs: CAP, statsJobDelayMs: JOB_MS, statsJobPollMs: 200 },
    });
    world = await deliveringAccount(server.ctx);
    jobsPath = `/12/stats/jobs/accounts/${world.accountId}`;
    clock.set(h(8));
  });
  afterAll(() => server.close());

  it("creates a job PROCESSING, finishes it, and serves its result gzip-compressed at an absolute url: the synchronous answer", async () => {
    const created = await create();
    expect(created.status, created.text).toBe(200);
    const job = jobSchema.parse(created.body).data;
    expect(job).toMatchObject({ status: "PROCESSING", url: null, account_id: world.accountId });
    expect(job.id).toMatch(/^\d{18,19}$/);
    expect(job.id_str).toBe(job.id);
    expect(created.headers.get("x-concurrent-job-limit")).toBe(String(CAP));
    expect(created.headers.get("x-concurrent-job-limit-remaining")).toBe(String(CAP - 1));

    const id = String(job.id);
    await expect.poll(async () => (await jobOf(id)).status, { timeout: 15_000 }).toBe("SUCCESS");
    const done = await jobOf(id);
    expect(done.url).toMatch(
      new RegExp(`^${server.urls.ads}/stats/results/${id}-[\\w-]+\\.json\\.gz$`),
    );
    expect(done.expires_at).not.toBeNull();

    const file = await fetch(done.url ?? "");
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/gzip");
    expect(file.headers.get("content-encoding")).toBeNull();
    const answer = statsAnswerSchema.parse(
      JSON.parse(gunzipSync(Buffer.from(await file.arrayBuffer())).toString("utf8")),
    );
    const sync = await world.admin.client.get(
      `/12/stats/accounts/${world.accountId}`,
      statsQuery(world.lineItemId, h(0), h(6)),
    );
    const syncAnswer = statsAnswerSchema.parse(sync.body);
    expect(answer.time_series_length).toBe(6);
    expect(answer.data).toEqual(syncAnswer.data);

    // Another token, or none that fits: the same 404 naming result_file.
    for (const url of [
      (done.url ?? "").replace(/-[\w-]+\.json\.gz$/, "-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.json.gz"),
      `${server.urls.ads}/stats/results/nothing-here.json.gz`,
      `${server.urls.ads}/stats/results/${id}.json.gz`,
    ]) {
      const refused = await fetch(url);
      expect(refused.status).toBe(404);
      const body = (await refused.json()) as { errors: { parameter?: string }[] };
      expect(body.errors[0]?.parameter).toBe("result_file");
    }
  });

  it(`holds the cap of ${CAP} processing jobs under concurrent creates, with 429 and the slot headers past it`, async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => create()));
    const accepted = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(accepted).toHaveLength(CAP);
    expect(refused).toHaveLength(6 - CAP);
    expect(refused[0]?.headers.get("x-concurrent-job-limit-remaining")).toBe("0");
    expect(errorOf(refused[0] as ApiResponse).message).toContain("concurrent job limit");
    const listed = await list();
    expect(listed.headers.get("x-concurrent-job-limit")).toBe(String(CAP));

    // Cancelling frees a slot; the cancelled job never gets a result.
    const [first] = accepted;
    const id = String(dataOf(first as ApiResponse).id);
    const cancelled = await world.admin.client.delete(`${jobsPath}/${id}`);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(dataOf(cancelled)).toMatchObject({ status: "CANCELLED", url: null });
    expect((await world.admin.client.delete(`${jobsPath}/${id}`)).status).toBe(400);
    expect(
      errorOf(await world.admin.client.delete(`${jobsPath}/123456789012345678`)),
    ).toMatchObject({
      parameter: "job_id",
    });
    expect((await create()).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, JOB_MS + 500));
    expect((await jobOf(id)).status).toBe("CANCELLED");
  });

  it("lists jobs newest first and pages them; refuses bad job ids naming job_ids", async () => {
    const all = itemsOf(await list());
    expect(all.length).toBeGreaterThanOrEqual(3);
    const created = all.map((job) => String(job.created_at));
    expect([...created].sort().reverse()).toEqual(created);
    const bad = await world.admin.client.get(jobsPath, { job_ids: "abc" });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).parameter).toMatch(/^job_ids(\[\d+\])?$/);
    const tooMany = await world.admin.client.get(jobsPath, {
      job_ids: Array.from({ length: 201 }, (_, i) => String(100_000 + i)).join(","),
    });
    expect(errorOf(tooMany).parameter).toMatch(/^job_ids(\[\d+\])?$/);
  });

  it("refuses a job over 90 days, a segmented one over 45 and unknown ids, naming the parameter", async () => {
    const long = await world.admin.client.post(jobsPath, {
      query: statsQuery(world.lineItemId, h(0), h(0) + 91 * DAY_MS),
    });
    expect(errorOf(long)).toMatchObject({ parameter: "end_time" });
    const segmented = await world.admin.client.post(jobsPath, {
      query: statsQuery(world.lineItemId, h(0), h(0) + 46 * DAY_MS, {
        segmentation_type: "GENDER",
      }),
    });
    expect(errorOf(segmented)).toMatchObject({ parameter: "end_time" });
    const unknown = await world.admin.client.post(jobsPath, {
      query: statsQuery("nosuch1", h(0), h(6)),
    });
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown)).toMatchObject({ parameter: "entity_ids" });
  });

  it("expires a result after 7 days: EXPIRED, no url, the file 404", async () => {
    await expect
      .poll(
        async () =>
          listSchema.parse((await list()).body).data.some((job) => job.status === "SUCCESS"),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    const done = listSchema.parse((await list()).body).data.find((job) => job.status === "SUCCESS");
    const url = done?.url ?? "";
    expect((await fetch(url)).status).toBe(200);
    clock.set(h(8) + 7 * DAY_MS + HOUR_MS);
    const expired = await jobOf(String(done?.id));
    expect(expired).toMatchObject({ status: "EXPIRED", url: null });
    expect((await fetch(url)).status).toBe(404);
  });
});
