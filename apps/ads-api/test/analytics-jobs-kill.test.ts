import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createTestTarget, TEST_ENGINES } from "@adsgraph/storage";
import type { TestTarget } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/database.js";
import { DEMO } from "../src/seed/demo-credentials.js";
import { startAdsApiProcess } from "../testing/index.js";
import { HOUR_MS, iso } from "./support/analytics-world.js";
import { dataOf, itemsOf } from "./support/bodies.js";
import { AdsClient } from "./support/signed-fetch.js";

// Issue 36: a job taken by a process killed with SIGKILL mid-job is finished by the next
// process once the dead one's lease ran out (a job is computed and written once, never lost).

const credentials = {
  consumer: { consumerKey: DEMO.app.consumerKey, consumerSecret: DEMO.app.consumerSecret },
  token: { token: DEMO.accessToken.token, tokenSecret: DEMO.accessToken.secret },
};
const account = DEMO.accounts[0].id;

describe.each(TEST_ENGINES)("analytics jobs on %s: SIGKILL mid-job loses no job", (engine) => {
  let dir: string;
  let target: TestTarget;
  let env: Record<string, string>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "adsgraph-stats-kill-"));
    target = await createTestTarget(engine, "statskill");
    env = {
      ADS_API_SECRET_KEY_FILE: path.join(dir, "secret.key"),
      ADS_API_STATS_JOB_LEASE_SECONDS: "2",
      ADS_API_STATS_JOB_POLL_MS: "200",
    };
  });
  afterAll(async () => {
    await target.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it("finishes on the next process a job the killed one held", async () => {
    // The first process holds each job for ten minutes: it is killed while holding this one.
    const first = await startAdsApiProcess({
      database: target.target,
      env: { ...env, ADS_API_STATS_JOB_DELAY_MS: "600000" },
    });
    const end = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
    const jobs = `/12/stats/jobs/accounts/${account}`;
    const created = await new AdsClient(first.urls, credentials).post(jobs, {
      query: {
        entity: "CAMPAIGN",
        entity_ids: `${account}c1,${account}c2`,
        start_time: iso(end - 72 * HOUR_MS),
        end_time: iso(end),
        granularity: "DAY",
        metric_groups: "ENGAGEMENT,BILLING",
        placement: "ALL_ON_TWITTER",
      },
    });
    expect(created.status, created.text).toBe(200);
    const id = String(dataOf(created).id);
    // Read the row directly while the first process runs (PGlite: only after it is gone).
    if (engine === "postgresql") {
      const db = await openDatabase(target.target);
      try {
        await expect
          .poll(
            async () => (await db.prisma.statsJob.findUniqueOrThrow({ where: { id } })).leaseOwner,
          )
          .not.toBeNull();
      } finally {
        await db.close();
      }
    } else {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    await first.kill();

    const second = await startAdsApiProcess({ database: target.target, env });
    try {
      const reader = new AdsClient(second.urls, credentials);
      await expect
        .poll(async () => itemsOf(await reader.get(jobs, { job_ids: id }))[0]?.status, {
          timeout: 30_000,
          interval: 250,
        })
        .toBe("SUCCESS");
      const [job] = itemsOf(await reader.get(jobs, { job_ids: id }));
      const file = await fetch(String(job?.url));
      expect(file.status).toBe(200);
    } finally {
      second.process.kill("SIGTERM");
      await new Promise((resolve) => second.process.once("exit", resolve));
    }
    const db = await openDatabase(target.target);
    try {
      const row = await db.prisma.statsJob.findUniqueOrThrow({ where: { id } });
      expect(row).toMatchObject({ status: "SUCCESS", leaseOwner: null });
      // Taken by the killed process (its claim seen above), then by the next one.
      if (engine === "postgresql") expect(row.attempts).toBe(2);
    } finally {
      await db.close();
    }
  }, 300_000);
});
