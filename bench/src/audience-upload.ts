// Issue 17's upload benchmark: rest-client's uploadAudienceUsers streaming a file of 100,000 and
// of 1,000,000 e-mails to a custom audience of ads-api (in this process), the uploader in a node
// process of its own. It checks that the requests are ceil(n / 2,500) and that ads-api stores n
// members, and measures records per second and the uploader's peak RSS (flat memory: the ratio
// of the 1M peak to the 100k peak should be about 1). Writes bench/results/audience-upload.{json,md}.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { DEMO } from "@adsgraph/ads-api";
import { envNumber } from "./env-number.js";
import { Closers, startBenchAdsApi, UNTHROTTLED } from "./servers.js";

const setup = {
  sizes: (process.env.BENCH_UPLOAD_SIZES ?? "100000,1000000").split(",").map(Number),
  /**
   * ads-api's users-batch limit per account and minute (ADS_API_USERS_BATCH_LIMIT; spec §8:
   * 1,500). Raised so the run measures upload and storage, not the window.
   */
  usersBatchLimit: envNumber("BENCH_USERS_BATCH_LIMIT", 100_000),
  engine:
    process.env.BENCH_DATABASE === "postgresql" ? ("postgresql" as const) : ("pglite" as const),
};
const OPERATIONS_PER_REQUEST = 2500;
const RESULTS = path.resolve(import.meta.dirname, "..", "results");
const MiB = 1024 * 1024;

/** n e-mails, one per line, written as a stream (the file is never in memory). */
async function writeEmails(file: string, n: number): Promise<void> {
  const out = createWriteStream(file);
  const step = 10_000;
  for (let from = 0; from < n; from += step) {
    const lines: string[] = [];
    for (let i = from; i < Math.min(n, from + step); i++) lines.push(`User.${i}@Example.com\n`);
    if (!out.write(lines.join(""))) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}

interface ChildResult {
  report: { read: number; sent: number; accepted: number; batches: number; rateLimitWaits: number };
  ms: number;
  peakRssSampled: number;
  maxRss: number;
  cpuMs: number;
}

function runUploader(env: Record<string, string>): Promise<ChildResult> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--conditions=source", "src/audience-upload-child.ts"],
    {
      cwd: path.resolve(import.meta.dirname, ".."),
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...env },
    },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => {
      const last = output.trim().split("\n").pop() ?? "";
      if (code !== 0) reject(new Error(`the uploader exited with ${String(code)}:\n${output}`));
      else resolve(JSON.parse(last) as ChildResult);
    });
  });
}

const closers = new Closers();
const dir = await mkdtemp(path.join(os.tmpdir(), "bench-audience-upload-"));
closers.push(() => rm(dir, { recursive: true, force: true }));
console.log(
  `bench audience-upload: ${setup.sizes.join(", ")} e-mails (${setup.engine}), ads-api users-batch limit ${setup.usersBatchLimit}/min`,
);
const runs: Record<string, unknown>[] = [];
try {
  const adsApi = await startBenchAdsApi(setup.engine, "bench_audience_upload", closers, {
    limits: { ...UNTHROTTLED, usersBatchRate: setup.usersBatchLimit },
  });
  const accountId = DEMO.accounts[0].id;
  for (const n of setup.sizes) {
    const file = path.join(dir, `emails-${n}.txt`);
    await writeEmails(file, n);
    const audience = await adsApi.ctx.prisma.customAudience.create({
      data: { id: `bnchup${n}`, accountId, name: `bench upload ${n}`, audienceType: "CRM" },
    });
    const batches = async () =>
      (await adsApi.requests.counts()).byEndpoint["custom_audiences.users.batch"] ?? 0;
    const before = await batches();
    const result = await runUploader({
      BENCH_UPLOAD_ADS_URL: adsApi.urls.ads,
      BENCH_UPLOAD_CONSUMER_KEY: DEMO.app.consumerKey,
      BENCH_UPLOAD_CONSUMER_SECRET: DEMO.app.consumerSecret,
      BENCH_UPLOAD_TOKEN: DEMO.accessToken.token,
      BENCH_UPLOAD_TOKEN_SECRET: DEMO.accessToken.secret,
      BENCH_UPLOAD_ACCOUNT: accountId,
      BENCH_UPLOAD_AUDIENCE: audience.id,
      BENCH_UPLOAD_FILE: file,
      BENCH_UPLOAD_PROGRESS: path.join(dir, `progress-${n}.json`),
    });
    const requests = (await batches()) - before;
    const members = await adsApi.ctx.prisma.audienceMember.count({
      where: { audienceId: audience.id },
    });
    const run = {
      identifiers: n,
      requests,
      expectedRequests: Math.ceil(n / OPERATIONS_PER_REQUEST),
      requestsMinimal: requests === Math.ceil(n / OPERATIONS_PER_REQUEST),
      accepted: result.report.accepted,
      membersStored: members,
      seconds: Math.round(result.ms / 100) / 10,
      recordsPerSecond: Math.round((n * 1000) / result.ms),
      uploaderCpuSeconds: Math.round(result.cpuMs / 100) / 10,
      uploaderPeakRssMiB: Math.round((result.peakRssSampled / MiB) * 10) / 10,
      uploaderMaxRssMiB: Math.round((result.maxRss / MiB) * 10) / 10,
      rateLimitWaits: result.report.rateLimitWaits,
    };
    console.log(JSON.stringify(run));
    runs.push(run);
    await rm(file);
  }
} finally {
  await closers.close();
}

const peak = (n: number) => runs.find((r) => r.identifiers === n)?.uploaderMaxRssMiB as number;
const [small, large] = [Math.min(...setup.sizes), Math.max(...setup.sizes)];
const summary = {
  at: new Date().toISOString(),
  machine: { cpus: os.cpus().length, node: process.version },
  engine: setup.engine,
  usersBatchLimitPerMinute: setup.usersBatchLimit,
  runs,
  peakRssRatio: small === large ? null : Math.round((peak(large) / peak(small)) * 100) / 100,
};
await mkdir(RESULTS, { recursive: true });
const suffix = setup.engine === "postgresql" ? "-postgresql" : "";
await writeFile(
  path.join(RESULTS, `audience-upload${suffix}.json`),
  `${JSON.stringify(summary, null, 2)}\n`,
);
const rows = runs.map(
  (r) =>
    `| ${String(r.identifiers)} | ${String(r.requests)} (${String(r.expectedRequests)}) | ${String(r.membersStored)} | ${String(r.seconds)} s | ${String(r.recordsPerSecond)} | ${String(r.uploaderCpuSeconds)} s | ${String(r.uploaderMaxRssMiB)} MiB |`,
);
await writeFile(
  path.join(RESULTS, `audience-upload${suffix}.md`),
  [
    `Audience upload (${setup.engine}, ${summary.machine.cpus} CPUs, Node ${process.version}, users-batch limit ${setup.usersBatchLimit}/min)`,
    "",
    "| identifiers | requests (ceil(n / 2,500)) | members stored | time | records/s | uploader CPU | uploader peak RSS |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
    `Peak RSS ratio ${String(large)} / ${String(small)}: ${String(summary.peakRssRatio)}`,
    "",
  ].join("\n"),
);
console.log(JSON.stringify({ peakRssRatio: summary.peakRssRatio }));
