#!/usr/bin/env node
// The embedded default's memory (docs/operations.md "Memory"): starts ads-api and the facade as
// `pnpm start` does (built dist/, each on its own PGlite in a fresh temporary directory), records
// each process tree's RSS when both are ready and the highest sum seen on the way, stops them,
// then does the same again on the now initialised directories (a restart). Linux only (/proc).
//
//   node scripts/start-rss.mjs [rounds=1] [requests=0]
//
// With `requests`, the facade then answers that many GraphQL queries one after another (the demo
// user's accounts with 50 campaigns each, the dev session's token) and RSS is read again.
//
// START_RSS_NODE_FLAGS="--flag ..." adds node flags to both. Needs `turbo run build --filter=@adsgraph/ads-api --filter=@adsgraph/graphql` first. Ports
// 4110-4112 and 4100, so a running `pnpm start` is not in the way.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const rounds = Number(process.argv[2] ?? 1);
const requests = Number(process.argv[3] ?? 0);
const QUERY = `{ viewer { accounts(first: 10) { nodes { id name
  campaigns(first: 50) { nodes { id name fundingInstrument { id description } } } } } } }`;
const SAMPLE_MS = 50;

/** kB of a /proc status field, 0 when the process is gone. */
function statusKb(pid, field) {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(
      readFileSync(`/proc/${pid}/status`, "utf8"),
    );
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** A process and all its descendants (e.g. a short-lived init child). */
function tree(pid) {
  const pids = [pid];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      for (const child of children ? children.split(/\s+/).map(Number) : []) {
        pids.push(...tree(child));
      }
    }
  } catch {
    // gone
  }
  return pids;
}

const treeRssMb = (pid) => tree(pid).reduce((sum, p) => sum + statusKb(p, "VmRSS"), 0) / 1024;

/**
 * The node arguments of an app's `start` script (`node <flags> dist/main.js`), so the figures
 * follow the scripts; START_RSS_NODE_FLAGS adds flags in front (to try one).
 */
function startArgs(app) {
  const script = JSON.parse(readFileSync(path.join(root, app, "package.json"), "utf8")).scripts
    .start;
  const args = script.split(/\s+/);
  if (args[0] !== "node") throw new Error(`${app}'s start script is not \`node ...\`: ${script}`);
  const extra = (process.env.START_RSS_NODE_FLAGS ?? "").split(/\s+/).filter(Boolean);
  return [...extra, ...args.slice(1)];
}

function start(name, cwd, args, env, readyLine) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const ready = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      if (readyLine.test(output)) resolve();
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => {
      reject(new Error(`${name} exited (${code}) before ready:\n${output}`));
    });
  });
  return { name, child, ready, output: () => output };
}

async function measure(dirs) {
  const began = Date.now();
  const apps = [
    start(
      "ads-api",
      path.join(root, "apps/ads-api"),
      startArgs("apps/ads-api"),
      {
        ADS_API_PGLITE_DIR: dirs.adsApi,
        ADS_API_SECRET_KEY_FILE: dirs.secretKey,
        ADS_API_BASE_URL: "http://127.0.0.1:4110",
        ADS_API_ADS_URL: "http://127.0.0.1:4111",
        ADS_API_SANDBOX_URL: "http://127.0.0.1:4112",
      },
      /ads-api storage:/,
    ),
    start(
      "facade",
      path.join(root, "apps/graphql"),
      startArgs("apps/graphql"),
      {
        GRAPHQL_PGLITE_DIR: dirs.graphql,
        GRAPHQL_PORT: "4100",
        ADS_API_BASE_URL: "http://127.0.0.1:4110",
        ADS_API_ADS_URL: "http://127.0.0.1:4111",
        ADS_API_SANDBOX_URL: "http://127.0.0.1:4112",
      },
      // The last line: the dev session (DEV_SESSION, on outside production).
      /Authorization: Bearer \S+\n/,
    ),
  ];
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(
      peak,
      apps.reduce((sum, app) => sum + treeRssMb(app.child.pid), 0),
    );
  }, SAMPLE_MS);
  try {
    await Promise.all(apps.map((app) => app.ready));
    const rss = Object.fromEntries(apps.map((app) => [app.name, treeRssMb(app.child.pid)]));
    const hwm = Object.fromEntries(
      apps.map((app) => [app.name, statusKb(app.child.pid, "VmHWM") / 1024]),
    );
    const total = Object.values(rss).reduce((a, b) => a + b, 0);
    const loaded = requests > 0 ? await load(apps[1].output()) : undefined;
    const after =
      loaded && Object.fromEntries(apps.map((app) => [app.name, treeRssMb(app.child.pid)]));
    return {
      seconds: (Date.now() - began) / 1000,
      rss,
      hwm,
      total,
      peak: Math.max(peak, total),
      after,
    };
  } finally {
    clearInterval(timer);
    await Promise.all(
      apps.map(
        (app) =>
          new Promise((resolve) => {
            if (app.child.exitCode !== null) return resolve();
            app.child.once("exit", resolve);
            app.child.kill("SIGTERM");
          }),
      ),
    );
  }
}

/** `requests` GraphQL queries to the facade, one after another, as the dev session's user. */
async function load(facadeOutput) {
  const token = /Authorization: Bearer (\S+)/.exec(facadeOutput)?.[1];
  if (token === undefined) throw new Error("no dev session token in the facade's output");
  for (let i = 0; i < requests; i++) {
    const response = await fetch("http://127.0.0.1:4100/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: QUERY }),
    });
    const body = await response.json();
    if (!response.ok || body.errors)
      throw new Error(`request ${i}: ${JSON.stringify(body).slice(0, 300)}`);
  }
  return true;
}

const mb = (n) => Math.round(n);
for (let round = 1; round <= rounds; round++) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "adsgraph-start-rss-"));
  const dirs = {
    adsApi: path.join(tmp, "ads-api"),
    graphql: path.join(tmp, "graphql"),
    secretKey: path.join(tmp, "secret.key"),
  };
  try {
    for (const kind of ["first start", "restart"]) {
      const r = await measure(dirs);
      console.log(
        `${kind}: ready in ${r.seconds.toFixed(1)} s; RSS at ready ads-api ${mb(r.rss["ads-api"])} MB + facade ${mb(r.rss.facade)} MB = ${mb(r.total)} MB; ` +
          `peak sum ${mb(r.peak)} MB; VmHWM ads-api ${mb(r.hwm["ads-api"])} MB, facade ${mb(r.hwm.facade)} MB`,
      );
      if (r.after) {
        console.log(
          `  after ${requests} requests: ads-api ${mb(r.after["ads-api"])} MB, facade ${mb(r.after.facade)} MB`,
        );
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
