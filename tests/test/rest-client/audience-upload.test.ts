import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { tapRequests } from "@adsgraph/ads-api/testing";
import type { RequestTap, TappedRequest } from "@adsgraph/ads-api/testing";
import { sha256Hex, uploadAudienceUsers } from "@adsgraph/rest-client";
import type { RestClient, UploadProgress } from "@adsgraph/rest-client";
import { TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, DEMO_ACCOUNT, startAdsApi } from "../support/ads-api.js";
import type { AdsApi } from "../support/ads-api.js";
import { CLI_BUNDLE, CLI_DIR } from "../support/cli.js";

const USERS_PATH = /^\/12\/accounts\/[^/]+\/custom_audiences\/[^/]+\/users$/;
const account_id = DEMO_ACCOUNT;

const emails = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => `${prefix}.${i}@Example.com`);
const digestsOf = (request: TappedRequest): string[] =>
  (JSON.parse(request.body) as Array<{ params: { users: Array<{ email?: string[] }> } }>).flatMap(
    (op) => op.params.users.flatMap((user) => user.email ?? []),
  );

/**
 * The upload command in a node process of its own, as a user runs it: `adsgraph audience
 * upload` from its sources (bundled once by the global set-up, as apps/cli's tests run it),
 * signed with the demo user's token from the environment.
 */
function runUpload(args: readonly string[], adsUrl: string, configDir: string) {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(ADSGRAPH_|ADS_API_)/.test(name)),
  );
  const child = spawn(process.execPath, [CLI_BUNDLE, "audience", "upload", ...args], {
    cwd: CLI_DIR,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...inherited,
      ADSGRAPH_CONFIG_DIR: configDir,
      ADS_API_ADS_URL: adsUrl,
      ADSGRAPH_CONSUMER_KEY: DEMO.app.consumerKey,
      ADSGRAPH_CONSUMER_SECRET: DEMO.app.consumerSecret,
      ADSGRAPH_ACCESS_TOKEN: DEMO.accessToken.token,
      ADSGRAPH_ACCESS_TOKEN_SECRET: DEMO.accessToken.secret,
    },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const exit = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { child, exit, output: () => output };
}

async function readProgress(file: string): Promise<UploadProgress | undefined> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as UploadProgress;
  } catch {
    return undefined;
  }
}

describe.each(TEST_ENGINES)("audience uploads against apps/ads-api on %s", (engine) => {
  let api: AdsApi;
  let client: RestClient;
  let tap: RequestTap;
  let dir: string;

  beforeAll(async () => {
    api = await startAdsApi({ engine });
    client = api.client();
    tap = tapRequests(api, { path: USERS_PATH, roles: ["ads"] });
    dir = await mkdtemp(path.join(os.tmpdir(), "audience-upload-it-"));
  });
  afterAll(async () => {
    tap.detach();
    await api.close();
    await rm(dir, { recursive: true, force: true });
  });

  const newAudience = async (name: string) =>
    (await client.custom_audiences.create({ account_id, name })).data.id;
  const membersOf = (audienceId: string) =>
    api.server.ctx.prisma.audienceMember.count({ where: { audienceId } });
  const tapped = (from: number) => tap.requests.slice(from);

  it("adds 2,501 users in ceil(2,501 / 2,500) = 2 requests, refused lines counted and never sent, then deletes some", async () => {
    const audienceId = await newAudience("upload 2501");
    const lines = [...emails(2501, "a"), "not an e-mail", "", '{"fax": "1"}'];
    const file = path.join(dir, "a.txt");
    await writeFile(file, `${lines.join("\n")}\n`);
    const before = tap.requests.length;
    const report = await uploadAudienceUsers(client, {
      account_id,
      custom_audience_id: audienceId,
      source: file,
    });
    expect(report).toMatchObject({
      read: 2504,
      sent: 2501,
      accepted: 2501,
      rejected: 3,
      batches: 2,
    });
    const requests = tapped(before);
    expect(requests.map((r) => [r.status, digestsOf(r).length])).toEqual([
      [200, 2500],
      [200, 1],
    ]);
    expect(requests.some((r) => /not an e-mail|fax|example/i.test(r.body))).toBe(false);
    expect(await membersOf(audienceId)).toBe(2501);

    const removed = await uploadAudienceUsers(client, {
      account_id,
      custom_audience_id: audienceId,
      operation: "Delete",
      source: emails(1000, "a"),
    });
    expect(removed).toMatchObject({ sent: 1000, accepted: 1000, batches: 1 });
    expect(await membersOf(audienceId)).toBe(1501);
  });

  it("uploads hashed e-mails to the do-not-reach list", async () => {
    for (const live of (await client.do_not_reach_lists.list({ account_id })).data)
      await client.do_not_reach_lists.delete({ account_id, do_not_reach_list_id: live.id });
    const list = (await client.do_not_reach_lists.create({ account_id })).data.id;
    const report = await uploadAudienceUsers(client, {
      account_id,
      do_not_reach_list_id: list,
      source: emails(3000, "d"),
      expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString().replace(/\.\d+Z$/, "Z"),
    });
    expect(report).toMatchObject({ sent: 3000, accepted: 3000, batches: 2 });
    expect(await api.server.ctx.prisma.doNotReachMember.count({ where: { listId: list } })).toBe(
      3000,
    );
    await client.do_not_reach_lists.delete({ account_id, do_not_reach_list_id: list });
  });

  /**
   * The crash test: the command is killed (SIGKILL) after its second acknowledged batch, with
   * its third on the wire but kept from ads-api; run again with the same progress file, it
   * sends from the third batch on. Every identifier reached ads-api exactly once.
   */
  it("resumes after a SIGKILL: 12,000 identifiers, each sent and stored exactly once", async () => {
    const n = 12_000;
    const audienceId = await newAudience("upload crash");
    const file = path.join(dir, "crash.txt");
    await writeFile(file, `${emails(n, "c").join("\n")}\n`);
    const progressFile = path.join(dir, "crash.progress.json");
    const args = [account_id, audienceId, file, "--progress", progressFile];
    const before = tap.requests.length;
    tap.hold((index) => (index === before + 2 ? "request" : undefined));

    const first = runUpload(args, api.urls.ads, dir);
    await expect
      .poll(() => tap.requests.length, { message: "the third batch to reach ads-api" })
      .toBeGreaterThan(before + 2);
    first.child.kill("SIGKILL");
    expect(await first.exit).toBeNull();
    tap.hold(() => undefined);

    const saved = await readProgress(progressFile);
    expect(saved).toMatchObject({
      offset: 5000,
      counts: { read: 5000, sent: 5000, accepted: 5000, batches: 2 },
      inFlight: { batch: 3, from: 5000, to: 7500 },
      done: false,
    });

    const second = runUpload(args, api.urls.ads, dir);
    expect(await second.exit, second.output()).toBe(0);
    expect(second.output()).toContain(`resuming after 5000 records (progress in ${progressFile})`);
    expect(second.output()).toMatch(
      /done: 12000\/12000 records, 12000 sent, 12000 accepted, 0 rejected, 5 batches in [\d.]+s; resumed after 5000 records, 2500 sent again/,
    );
    // Done: the command removes the progress, so the same command later is a new upload.
    expect(await readProgress(progressFile)).toBeUndefined();

    const requests = tapped(before);
    // The held third batch was never processed; the others were answered 200.
    expect(requests.map((r) => r.status)).toEqual([200, 200, undefined, 200, 200, 200]);
    const received = requests.filter((r) => r.status === 200).flatMap(digestsOf);
    expect(received).toHaveLength(n);
    expect(new Set(received).size).toBe(n);
    expect(new Set(received)).toEqual(
      new Set(emails(n, "c").map((e) => sha256Hex(e.toLowerCase()))),
    );
    expect(await membersOf(audienceId)).toBe(n);
  });

  /**
   * The window the README names: ads-api applied the third batch but the command died before
   * its answer arrived. The resume sends that batch again (at least once for the batch in flight);
   * a users batch is a set write, so the audience still holds each identifier once.
   */
  it("sends again the batch whose answer a crash lost, and the members stay exact", async () => {
    const n = 12_000;
    const audienceId = await newAudience("upload lost answer");
    const file = path.join(dir, "lost.txt");
    await writeFile(file, `${emails(n, "l").join("\n")}\n`);
    const progressFile = path.join(dir, "lost.progress.json");
    const args = [account_id, audienceId, file, "--progress", progressFile];
    const before = tap.requests.length;
    tap.hold((index) => (index === before + 2 ? "answer" : undefined));

    const first = runUpload(args, api.urls.ads, dir);
    await expect
      .poll(() => tapped(before)[2]?.status, { message: "ads-api to apply the third batch" })
      .toBe(200);
    first.child.kill("SIGKILL");
    await first.exit;
    tap.hold(() => undefined);

    const second = runUpload(args, api.urls.ads, dir);
    expect(await second.exit, second.output()).toBe(0);
    const received = tapped(before)
      .filter((r) => r.status === 200)
      .flatMap(digestsOf);
    expect(received).toHaveLength(n + 2500);
    expect(new Set(received).size).toBe(n);
    expect(await membersOf(audienceId)).toBe(n);
  });
});
