// `pnpm start:cluster` (docs/operations.md "Replicas"): N ads-api and M facade replicas on
// one PostgreSQL database and one Redis, behind round-robin entry points on the usual ports
// (ads-api 4010/4011/4012, GraphQL 4000), from the built apps (`pnpm build` first, which the
// script's package.json entry runs).
//
// Settings (environment): ADS_API_REPLICAS (2), GRAPHQL_REPLICAS (2), DATABASE_URL
// (postgresql://postgres@127.0.0.1:5432/postgres; each app in a schema of its own), REDIS_URL
// (redis://127.0.0.1:6379). Everything else is passed on to the apps (docs/configuration.md).
import { spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { startRoundRobin } from "./round-robin.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");
const HOST = "127.0.0.1";
const count = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > 9) {
    throw new Error(`${name} must be a whole number from 1 to 9`);
  }
  return value;
};
const adsApiReplicas = count("ADS_API_REPLICAS", 2);
const graphqlReplicas = count("GRAPHQL_REPLICAS", 2);
const shared = {
  DATABASE_URL: process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres",
  REDIS_URL: process.env.REDIS_URL || "redis://127.0.0.1:6379",
};

/** Public (load-balanced) URLs every replica signs and is reached by; replicas listen apart. */
const ROLES = [
  { role: "base", port: 4010, url: "ADS_API_BASE_URL", listen: "ADS_API_LISTEN_BASE" },
  { role: "ads", port: 4011, url: "ADS_API_ADS_URL", listen: "ADS_API_LISTEN_ADS" },
  { role: "ads-sandbox", port: 4012, url: "ADS_API_SANDBOX_URL", listen: "ADS_API_LISTEN_SANDBOX" },
];
const GRAPHQL_PORT = 4000;

/** A port nothing listens on now (fixed ranges met other services here, e.g. NATS on 4222). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
const adsApiPorts = [];
const graphqlPorts = [];
for (let replica = 0; replica < adsApiReplicas; replica += 1) {
  adsApiPorts.push([await freePort(), await freePort(), await freePort()]);
}
for (let replica = 0; replica < graphqlReplicas; replica += 1) graphqlPorts.push(await freePort());
const adsApiPort = (replica, roleIndex) => adsApiPorts[replica][roleIndex];
const graphqlPort = (replica) => graphqlPorts[replica];

const children = [];
const servers = [];

/** Starts an app, prefixes its output with its name, resolves once `ready` matches a line. */
function startApp(name, app, script, env, ready) {
  const child = spawn(process.execPath, script, {
    cwd: path.join(root, "apps", app),
    env: { ...process.env, ...shared, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let buffered = "";
    const onData = (chunk) => {
      buffered += chunk.toString("utf8");
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        console.log(`[${name}] ${line}`);
        if (ready.test(line)) resolve(child);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => {
      reject(new Error(`${name} exited (${String(code)}) before it was ready`));
      if (!stopping) console.log(`[${name}] exited with ${String(code)}`);
    });
  });
}

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  for (const server of servers) server.close();
}
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, stop);

try {
  for (const [index, { role, port }] of ROLES.entries()) {
    const backends = Array.from({ length: adsApiReplicas }, (_, replica) => ({
      host: HOST,
      port: adsApiPort(replica, index),
    }));
    servers.push(await startRoundRobin({ host: HOST, port, backends, name: `ads-api ${role}` }));
  }
  const facadeBackends = Array.from({ length: graphqlReplicas }, (_, replica) => ({
    host: HOST,
    port: graphqlPort(replica),
  }));
  servers.push(
    await startRoundRobin({
      host: HOST,
      port: GRAPHQL_PORT,
      backends: facadeBackends,
      name: "graphql",
    }),
  );

  // One after another: the first migrates and seeds (and writes the key files the others read).
  for (let replica = 0; replica < adsApiReplicas; replica += 1) {
    const env = { ADS_API_SEED: replica === 0 ? (process.env.ADS_API_SEED ?? "true") : "false" };
    for (const [index, { port, url, listen }] of ROLES.entries()) {
      env[url] = `http://${HOST}:${String(port)}`;
      env[listen] = `${HOST}:${String(adsApiPort(replica, index))}`;
    }
    await startApp(
      `ads-api-${String(replica + 1)}`,
      "ads-api",
      ["dist/main.js"],
      env,
      /ads-api ads-sandbox ready/,
    );
  }
  for (let replica = 0; replica < graphqlReplicas; replica += 1) {
    await startApp(
      `graphql-${String(replica + 1)}`,
      "graphql",
      ["--max-semi-space-size=32", "dist/main.js"],
      {
        GRAPHQL_HOST: HOST,
        GRAPHQL_PORT: String(graphqlPort(replica)),
        GRAPHQL_PUBLIC_URL: `http://${HOST}:${String(GRAPHQL_PORT)}`,
        ADS_API_BASE_URL: `http://${HOST}:4010`,
        ADS_API_ADS_URL: `http://${HOST}:4011`,
        ADS_API_SANDBOX_URL: `http://${HOST}:4012`,
        // The first replica opens the playground's dev session; sessions are shared (PostgreSQL).
        ...(replica > 0 && { DEV_SESSION: "false" }),
      },
      /GraphQL ready at/,
    );
  }
  console.log(
    `cluster ready: GraphQL at http://${HOST}:${String(GRAPHQL_PORT)}/graphql (${String(graphqlReplicas)} replicas), ads-api at http://${HOST}:4010 (${String(adsApiReplicas)} replicas); health of each replica: GET /health`,
  );
} catch (error) {
  console.error(`start:cluster failed: ${error instanceof Error ? error.message : String(error)}`);
  stop();
  process.exitCode = 1;
}
