import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { DEMO } from "@adsgraph/ads-api";
import { createRestClient, RestAuthError } from "@adsgraph/rest-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, startCli } from "./support/cli.js";
import { loginWithPin } from "./support/sign-in.js";
import { startStack } from "./support/stack.js";
import type { CliStack } from "./support/stack.js";

const ACCOUNT = DEMO.accounts[0].id;
/** The demo CRM audience of the account (ads-api's `DEMO_AUDIENCES.crm`). */
const AUDIENCE = `${ACCOUNT}ca1`;
const RECORDS = 2000;
const BATCH = 200;
const USERS_BATCH = "custom_audiences.users.batch";
const DO_NOT_REACH_BATCH = "do_not_reach_lists.users.batch";

interface StoredApi {
  api: { token: string; tokenSecret: string; consumerKey: string; consumerSecret: string };
}

describe("adsgraph login --api and audience upload", () => {
  let stack: CliStack;
  let scratch: string;
  let configDir: string;
  let env: Record<string, string>;
  let file: string;
  const members = () =>
    stack.adsApi.ctx.prisma.audienceMember.count({ where: { audienceId: AUDIENCE } });
  const upload = ["audience", "upload", ACCOUNT, AUDIENCE];
  /** Batches ads-api served since it started. */
  const served = async (endpointId: string = USERS_BATCH) =>
    (await stack.adsApi.requests.counts()).byEndpoint[endpointId] ?? 0;

  beforeAll(async () => {
    stack = await startStack();
    scratch = await mkdtemp(path.join(os.tmpdir(), "adsgraph-cli-upload-"));
    configDir = path.join(scratch, "config");
    env = {
      ADSGRAPH_CONSUMER_KEY: DEMO.app.consumerKey,
      ADSGRAPH_CONSUMER_SECRET: DEMO.app.consumerSecret,
      ADS_API_BASE_URL: stack.adsApi.urls.base,
      // The public URL of the advertising host: the gated proxy in front of it.
      ADS_API_ADS_URL: stack.adsApi.urls.ads,
    };
    file = path.join(scratch, "subscribers.txt");
    const emails = Array.from({ length: RECORDS }, (_, i) => `Subscriber.${i}@CLI-Test.example`);
    await writeFile(file, `${emails.join("\n")}\n`);
  });

  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
    await stack.close();
  });

  it("tells what to run when there are no ads API credentials (exit 3)", async () => {
    const result = await runCli([...upload, file], { configDir, env });
    expect(result.code).toBe(3);
    expect(result.stderr).toBe(
      "adsgraph: uploads go to the ads API directly and need its credentials: run `adsgraph login --api`\n",
    );
    expect(await served()).toBe(0);
  });

  it("uploads e-mails to the do-not-reach list, signed with an access token from the environment (no login)", async () => {
    const demo = createRestClient({
      hosts: { base: stack.adsApi.urls.base, ads: stack.adsApi.urls.ads },
      auth: {
        consumer: { consumerKey: DEMO.app.consumerKey, consumerSecret: DEMO.app.consumerSecret },
        token: { token: DEMO.accessToken.token, tokenSecret: DEMO.accessToken.secret },
      },
    });
    const account_id = ACCOUNT;
    try {
      for (const live of (await demo.do_not_reach_lists.list({ account_id })).data)
        await demo.do_not_reach_lists.delete({ account_id, do_not_reach_list_id: live.id });
      const list = (await demo.do_not_reach_lists.create({ account_id })).data.id;
      const optOuts = path.join(scratch, "opt-outs.txt");
      const emails = Array.from({ length: 450 }, (_, i) => `Opt.Out.${i}@CLI-Test.example`);
      await writeFile(
        optOuts,
        `${[...emails, '{"phone_number": "+44 20 7946 0958"}'].join("\n")}\n`,
      );
      const expiresAt = new Date(Date.now() + 30 * 86_400_000)
        .toISOString()
        .replace(/\.\d+Z$/, "Z");
      const servedBefore = await served(DO_NOT_REACH_BATCH);
      const token = { token: DEMO.accessToken.token, secret: DEMO.accessToken.secret };

      const result = await runCli(
        ["do-not-reach-list", "upload", ACCOUNT, list, optOuts, "--expires-at", expiresAt],
        {
          // A config directory without credentials: the environment's token signs.
          configDir: path.join(scratch, "not-signed-in"),
          env: {
            ...env,
            ADSGRAPH_ACCESS_TOKEN: token.token,
            ADSGRAPH_ACCESS_TOKEN_SECRET: token.secret,
          },
        },
      );
      expect(result.code, result.stderr).toBe(0);
      // The list takes e-mails only: the phone number is refused by the uploader, never sent.
      expect(result.stdout).toMatch(
        /^done: 451\/451 records, 450 sent, 450 accepted, 1 rejected, 1 batches in [\d.]+s\nrejected by kind and reason: \{.*"phone_number".*\}\n$/,
      );
      expect(result.stdout + result.stderr).not.toContain(token.secret);
      expect(await served(DO_NOT_REACH_BATCH)).toBe(servedBefore + 1);
      const stored = await stack.adsApi.ctx.prisma.doNotReachMember.count({
        where: { listId: list },
      });
      expect(stored).toBe(450);
      await demo.do_not_reach_lists.delete({ account_id, do_not_reach_list_id: list });
    } finally {
      await demo.close();
    }
  });

  it("signs in to the ads API with its own PIN flow and keeps the token and secret 0600", async () => {
    const result = await loginWithPin(["--api"], { configDir, env });
    expect(result.code).toBe(0);
    // Desktop apps approve on /oauth/authorize (spec §4.1), not the facade's authenticate page.
    expect(result.authorizeUrl.startsWith(`${stack.adsApi.urls.base}/oauth/authorize?`)).toBe(true);
    expect(result.stdout).toContain(
      `Signed in to the ads API at ${stack.adsApi.urls.base} as @${DEMO.user.screenName} (user id ${DEMO.user.id}).`,
    );
    const credentials = path.join(configDir, "credentials.json");
    expect((await stat(credentials)).mode & 0o777).toBe(0o600);
    const { api } = JSON.parse(await readFile(credentials, "utf8")) as StoredApi;
    for (const secret of [api.token, api.tokenSecret, api.consumerSecret]) {
      expect(result.stdout + result.stderr).not.toContain(secret);
    }

    // whoami shows who, not the token; without a facade session it still exits 3.
    const whoami = await runCli(["whoami"], { configDir, env });
    expect(whoami.code).toBe(3);
    expect(whoami.stdout).toBe(
      `ads API (login --api): @${DEMO.user.screenName} (user id ${DEMO.user.id}) at ${stack.adsApi.urls.base}\n`,
    );
    expect(whoami.stderr).toBe("adsgraph: not signed in to the facade: run `adsgraph login`\n");
  });

  it("uploads with progress; Ctrl-C stops after the batch in flight; the same command resumes without sending a batch twice", async () => {
    const before = await members();
    const args = [...upload, file, "--batch-size", String(BATCH)];
    // The third batch's answer is held: the upload is mid-way, whatever the machine's speed.
    const third = stack.adsProxy.holdAnswer(/\/custom_audiences\/[^/]+\/users/, 3);
    const first = startCli(args, { configDir, env });
    await first.waitFor(
      "stderr",
      /^progress 200\/2000 records \(10%\), \d+ records\/s, ETA (\d+s|\d+m\d\ds|\?)$/m,
    );
    await third.held;
    first.signal("SIGINT");
    await first.waitFor(
      "stderr",
      /stopping after the batch in flight \(Ctrl-C again to stop at once\)/,
    );
    third.release();
    const stopped = await first.exited;

    expect(stopped.code).toBe(130);
    expect(stopped.stdout).toBe("");
    const last = stopped.stderr.trimEnd().split("\n").at(-1) ?? "";
    const progressFile = /\(progress in (\S+)\)$/.exec(last)?.[1] ?? "";
    expect(last).toBe(
      `adsgraph: interrupted after 600 of ${RECORDS} records; run the same command again to resume (progress in ${progressFile})`,
    );
    expect(path.dirname(progressFile)).toBe(path.join(configDir, "uploads"));
    // The batch in flight at Ctrl-C was acknowledged and saved: three batches, none pending.
    const saved = JSON.parse(await readFile(progressFile, "utf8")) as Record<string, unknown>;
    expect(saved).toMatchObject({
      offset: 600,
      inFlight: null,
      done: false,
      counts: { sent: 600 },
    });
    // Counts and a fingerprint of the file: no identifier, clear or hashed.
    expect(JSON.stringify(saved)).not.toMatch(/@|cli-test/i);
    expect(await served()).toBe(3);
    expect(await members()).toBe(before + 600);

    const resumed = await runCli(args, { configDir, env });
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(`resuming after 600 records (progress in ${progressFile})`);
    expect(resumed.stderr).toMatch(
      /^progress 800\/2000 records \(40%\), \d+ records\/s, ETA \S+$/m,
    );
    expect(resumed.stderr).toMatch(
      /^progress 2000\/2000 records \(100%\), \d+ records\/s, ETA 0s$/m,
    );
    expect(resumed.stdout).toMatch(
      /^done: 2000\/2000 records, 2000 sent, 2000 accepted, 0 rejected, 10 batches in [\d.]+s; resumed after 600 records, 0 sent again\n$/,
    );
    // 3 + 7 requests: no batch was sent twice, and every user is in the audience.
    expect(await served()).toBe(10);
    expect(await members()).toBe(before + RECORDS);
    // Done: the progress is gone, so the same command later is a new upload.
    await expect(stat(progressFile)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("a second Ctrl-C stops at once: the batch in flight is sent again on resume", async () => {
    const before = await members();
    const servedBefore = await served();
    const small = path.join(scratch, "small.txt");
    const emails = Array.from({ length: 1000 }, (_, i) => `second.${i}@cli-test.example`);
    await writeFile(small, `${emails.join("\n")}\n`);
    const args = [...upload, small, "--batch-size", String(BATCH)];
    const second = stack.adsProxy.holdAnswer(/\/custom_audiences\/[^/]+\/users/, 2);
    const first = startCli(args, { configDir, env });
    await second.held;
    first.signal("SIGINT");
    await first.waitFor("stderr", /stopping after the batch in flight/);
    first.signal("SIGINT");
    await first.waitFor("stderr", /stopping now/);
    const stopped = await first.exited;
    second.release();
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toMatch(
      /adsgraph: interrupted after 200 of 1000 records; run the same command again to resume/,
    );

    const resumed = await runCli(args, { configDir, env });
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toMatch(
      /^done: 1000\/1000 records, 1000 sent, 1000 accepted, 0 rejected, 5 batches in [\d.]+s; resumed after 200 records, 200 sent again\n$/,
    );
    // The second batch reached ads-api in the first run (its answer was held) and again now:
    // a users batch is a set write, so the audience holds each user once.
    expect(await served()).toBe(servedBefore + 6);
    expect(await members()).toBe(before + 1000);
  });

  it("signs out of the ads API: the access token is invalidated there", async () => {
    const credentials = path.join(configDir, "credentials.json");
    const { api } = JSON.parse(await readFile(credentials, "utf8")) as StoredApi;
    const result = await runCli(["logout", "--api"], { configDir, env });
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toContain(
      `Signed out of the ads API at ${stack.adsApi.urls.base}: the access token is invalidated.`,
    );
    const client = createRestClient({
      hosts: { base: stack.adsApi.urls.base, ads: stack.adsApi.urls.ads },
      auth: {
        consumer: { consumerKey: api.consumerKey, consumerSecret: api.consumerSecret },
        token: { token: api.token, tokenSecret: api.tokenSecret },
      },
    });
    try {
      await expect(client.call("accounts.list", {})).rejects.toBeInstanceOf(RestAuthError);
    } finally {
      await client.close();
    }
    const again = await runCli([...upload, file], { configDir, env });
    expect(again.code).toBe(3);
    expect(again.stderr).toMatch(/run `adsgraph login --api`/);
  });
});
