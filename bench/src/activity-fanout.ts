// Issue 18's fan-out benchmark: 1,000 GraphQL subscribers (graphql-ws, one WebSocket each) of
// `activityEvents` on the facade, and 1,000 events/s from ads-api's loopback admin endpoint.
// `users` users sign in through the PIN flow; each holds `perUser` subscriptions, and each event
// (a bio change of one user, spread evenly) reaches that user's subscribers. Measures delivery
// latency (arrival − the send time of its batch), deliveries lost (must be 0) and duplicated,
// and the facade's memory per subscriber: its heap and RSS after a full collection with 0
// subscribers and with all of them connected, the difference divided by their number.
// Writes bench/results/activity-fanout{,-postgresql}.{json,md}. docs/benchmarks.md.
import { setTimeout as sleep } from "node:timers/promises";
import { requestLogAt } from "@adsgraph/ads-api/testing";
import { analyseDeliveries } from "./activity-deliveries.js";
import { writeFanoutMarkdown } from "./activity-fanout-report.js";
import { postActions, runGenerator } from "./activity-generator.js";
import { startActivityServers } from "./activity-servers.js";
import { openSubscribers } from "./activity-subscribers.js";
import type { ProcessMemory } from "./children.js";
import { forcedMemory } from "./forced-memory.js";
import { cpuMs, sample, type ProcessSample } from "./proc-stats.js";
import { commandLine, envNumber, machine, timestamp, writeResult } from "./report.js";
import { percentile, round1 } from "./stats.js";
import { childSettingsFromEnv, makeWorkDir } from "./throughput-servers.js";

const setup = {
  engine:
    process.env.BENCH_DATABASE === "postgresql" ? ("postgresql" as const) : ("pglite" as const),
  users: envNumber("BENCH_FANOUT_USERS", 100),
  perUser: envNumber("BENCH_FANOUT_SUBSCRIPTIONS_PER_USER", 10),
  eventsPerSecond: envNumber("BENCH_FANOUT_EVENTS_PER_SECOND", 1000),
  /** Events per tick on schedule (a tick every batch × 1000 / rate ms). */
  batchSize: envNumber("BENCH_FANOUT_BATCH", 50),
  /** A tick sends every due event not sent yet, up to this many (the admin endpoint's limit). */
  maxBatch: envNumber("BENCH_FANOUT_MAX_BATCH", 1000),
  seconds: envNumber("BENCH_FANOUT_SECONDS", 20),
  maxInFlight: Math.max(1, envNumber("BENCH_FANOUT_IN_FLIGHT", 2)),
  /** How long to wait for every subscriber's first (probe) event before the run. */
  readySeconds: envNumber("BENCH_FANOUT_READY_SECONDS", 180),
  /** After the last send: how long arrivals may stall before the missing ones count as lost. */
  drainSeconds: envNumber("BENCH_FANOUT_DRAIN_SECONDS", 60),
  connectConcurrency: Math.max(1, envNumber("BENCH_FANOUT_CONNECT_CONCURRENCY", 50)),
};
const settings = childSettingsFromEnv();
const subscriberCount = setup.users * setup.perUser;
const intervalMs = (setup.batchSize * 1000) / setup.eventsPerSecond;
const MiB = 1024 * 1024;
const mib = (bytes: number) => round1(bytes / MiB);
const kib = (bytes: number) => round1(bytes / 1024);

const on = machine();
console.log(
  `bench activity-fanout (${setup.engine}): ${setup.users} users × ${setup.perUser} = ${subscriberCount} subscribers, ` +
    `${setup.eventsPerSecond} events/s (${setup.batchSize} every ${intervalMs} ms) for ${setup.seconds} s`,
);
const work = await makeWorkDir();
const servers = await startActivityServers({
  engine: setup.engine,
  users: setup.users,
  settings,
  workDir: work.dir,
});
const adminUrl = `${servers.adsApi.urls.base}/_admin/activity/events`;
const userIds = servers.users.map((user) => user.id);
try {
  console.log(`${setup.users} users signed in in ${round1(servers.signInSeconds)} s`);
  const facadePid = servers.facade.pid;
  const memory: Record<string, ProcessMemory> = {};
  // BENCH_FANOUT_HEAP_SNAPSHOT=<path prefix>: the facade's heap without and with every
  // subscriber (`<prefix>-0.heapsnapshot`, `<prefix>-<n>.heapsnapshot`), to see what holds it.
  const snapshot = (subscribers: number) => {
    const prefix = process.env.BENCH_FANOUT_HEAP_SNAPSHOT;
    return prefix === undefined ? {} : { heapSnapshot: `${prefix}-${subscribers}.heapsnapshot` };
  };
  memory.noSubscribers = await forcedMemory(facadePid, servers.memoryFile, snapshot(0));

  const connectStart = performance.now();
  const set = await openSubscribers(
    servers.wsUrl,
    servers.users,
    setup.perUser,
    setup.connectConcurrency,
  );
  const connectSeconds = (performance.now() - connectStart) / 1000;
  const { subscribers } = set;
  const connected = subscribers.filter((s) => s.connected).length;
  console.log(`${connected} of ${subscriberCount} connected in ${round1(connectSeconds)} s`);

  // Ready once every subscriber has received an event: until then, its user gets a probe event
  // every half second (the facade subscribes upstream when a user's first subscription starts).
  const probeIds = new Set<string>();
  const readyStart = performance.now();
  const readyDeadline = readyStart + setup.readySeconds * 1000;
  let waiting = subscribers.filter((s) => s.ids.length === 0 && !s.ended);
  while (waiting.length > 0 && performance.now() < readyDeadline) {
    const users = [...new Set(waiting.map((s) => s.userIndex))];
    for (const event of await postActions(adminUrl, userIds, users, "probe"))
      probeIds.add(event.id);
    await sleep(500);
    waiting = subscribers.filter((s) => s.ids.length === 0 && !s.ended);
  }
  const readySeconds = (performance.now() - readyStart) / 1000;
  const ready = subscribers.filter((s) => s.ids.length > 0).length;
  console.log(`${ready} of ${subscriberCount} received a probe event in ${round1(readySeconds)} s`);
  memory.subscribedIdle = await forcedMemory(
    facadePid,
    servers.memoryFile,
    snapshot(subscriberCount),
  );

  const pids = { adsApi: servers.adsApi.pid, facade: facadePid };
  const cpuBefore = { adsApi: await cpuMs(pids.adsApi), facade: await cpuMs(pids.facade) };
  const watched = [
    { name: "adsApi", pid: pids.adsApi },
    { name: "facade", pid: pids.facade },
  ];
  // Main threads' time running and waiting for a core: on a shared machine, how starved each was.
  const schedBefore = await sample(watched);
  const benchCpuBefore = process.cpuUsage();
  let peak = { rss: 0, heapUsed: 0 };
  const sampler = setInterval(() => {
    void servers.facade.memoryUsage().then((usage) => {
      if (usage !== null) {
        peak = {
          rss: Math.max(peak.rss, usage.rss),
          heapUsed: Math.max(peak.heapUsed, usage.heapUsed),
        };
      }
    });
  }, 1000);
  const generator = await runGenerator({
    url: adminUrl,
    userIds,
    eventsPerSecond: setup.eventsPerSecond,
    intervalMs,
    seconds: setup.seconds,
    maxBatch: setup.maxBatch,
    maxInFlight: setup.maxInFlight,
    label: "fanout",
  });
  const sentSeconds = generator.elapsedMs / 1000;
  console.log(
    `sent ${generator.events.length} events in ${round1(sentSeconds)} s (${generator.failures.length} failed batches)`,
  );

  // Quiescence: every expected delivery arrived, or none arrived for `drainSeconds`.
  const userOf = new Map(generator.events.map((event) => [event.id, event.userIndex]));
  const expected = generator.events.length * setup.perUser;
  const tally = subscribers.map(() => ({ cursor: 0, seen: new Set<string>() }));
  /** Distinct expected deliveries so far (reads only what arrived since the last call). */
  const arrived = () => {
    let total = 0;
    subscribers.forEach((subscriber, index) => {
      const mine = tally[index];
      if (mine === undefined) return;
      for (; mine.cursor < subscriber.ids.length; mine.cursor++) {
        const id = subscriber.ids[mine.cursor] ?? "";
        if (userOf.get(id) === subscriber.userIndex) mine.seen.add(id);
      }
      total += mine.seen.size;
    });
    return total;
  };
  const drainStart = performance.now();
  let lastCount = arrived();
  let lastProgress = performance.now();
  while (lastCount < expected) {
    await sleep(100);
    const now = arrived();
    if (now !== lastCount) [lastCount, lastProgress] = [now, performance.now()];
    else if (performance.now() - lastProgress > setup.drainSeconds * 1000) break;
  }
  const drainSeconds = (performance.now() - drainStart) / 1000;
  clearInterval(sampler);
  const benchCpu = process.cpuUsage(benchCpuBefore);
  const cpuAfter = { adsApi: await cpuMs(pids.adsApi), facade: await cpuMs(pids.facade) };
  const schedAfter = await sample(watched);
  const mainThread = (name: string) => {
    const [a, b] = [schedBefore.get(name), schedAfter.get(name)] as (ProcessSample | undefined)[];
    if (a === undefined || b === undefined) return null;
    return {
      runSeconds: round1((b.runMs - a.runMs) / 1000),
      waitSeconds: round1((b.waitMs - a.waitMs) / 1000),
    };
  };
  const busySeconds = sentSeconds + drainSeconds;
  memory.afterRun = await forcedMemory(facadePid, servers.memoryFile);

  const deliveries = analyseDeliveries(generator.events, probeIds, subscribers);
  const requests = await requestLogAt(servers.adsApi.urls.base).counts();
  // Read before the bench closes them itself.
  const endedEarly = subscribers.filter((s) => s.ended).length;
  const subscriberErrors = subscribers.flatMap((s) => s.errors).slice(0, 10);
  await set.close();
  // Closed clients' resources go once the facade has seen the sockets close: poll its heap.
  let released = await forcedMemory(facadePid, servers.memoryFile);
  for (let attempt = 0; attempt < 10; attempt++) {
    await sleep(500);
    const next = await forcedMemory(facadePid, servers.memoryFile);
    const settled = next.heapUsed >= released.heapUsed - 64 * 1024;
    released = next;
    if (settled) break;
  }
  memory.afterClose = released;

  const perSubscriber = (field: "rss" | "heapUsed" | "external") =>
    kib(
      ((memory.subscribedIdle?.[field] ?? 0) - (memory.noSubscribers?.[field] ?? 0)) /
        subscriberCount,
    );
  const cpuShare = (name: "adsApi" | "facade") =>
    round1((cpuAfter[name] - cpuBefore[name]) / 1000 / busySeconds);
  const report = {
    benchmark: "activity-fanout",
    at: timestamp(),
    command: commandLine("activity-fanout", [
      "BENCH_DATABASE",
      "BENCH_FANOUT_USERS",
      "BENCH_FANOUT_SUBSCRIPTIONS_PER_USER",
      "BENCH_FANOUT_EVENTS_PER_SECOND",
      "BENCH_FANOUT_BATCH",
      "BENCH_FANOUT_MAX_BATCH",
      "BENCH_FANOUT_SECONDS",
      "BENCH_FANOUT_IN_FLIGHT",
      "BENCH_FANOUT_RESULT",
    ]),
    machine: on.atEnd(),
    setup: { ...setup, subscribers: subscriberCount, intervalMs, settings },
    start: {
      signInSeconds: round1(servers.signInSeconds),
      connectSeconds: round1(connectSeconds),
      connected,
      readySeconds: round1(readySeconds),
      ready,
      probeEvents: probeIds.size,
    },
    generator: {
      batches: generator.batches,
      batchSize: {
        p50: percentile(generator.batchSizes, 50),
        max: percentile(generator.batchSizes, 100),
      },
      failedBatches: generator.failures.length,
      failures: generator.failures.slice(0, 5),
      eventsStored: generator.events.length,
      unstoredActions: generator.unstored,
      sentSeconds: round1(sentSeconds),
      eventsPerSecondAchieved: Math.round(generator.events.length / sentSeconds),
      batchRequestMs: {
        p50: round1(percentile(generator.requestMs, 50)),
        p99: round1(percentile(generator.requestMs, 99)),
        max: round1(percentile(generator.requestMs, 100)),
      },
      scheduleLagMs: {
        p50: round1(percentile(generator.lagMs, 50)),
        max: round1(percentile(generator.lagMs, 100)),
      },
    },
    deliveries: { ...deliveries, drainSeconds: round1(drainSeconds) },
    /** Subscriptions that ended before the bench closed them (an error, a dropped connection). */
    subscribersEnded: endedEarly,
    subscriberErrors,
    foreignEvents: subscribers.reduce((sum, s) => sum + s.foreign, 0),
    memory: {
      facade: Object.fromEntries(
        Object.entries(memory).map(([when, usage]) => [
          when,
          {
            rssMiB: mib(usage.rss),
            heapUsedMiB: mib(usage.heapUsed),
            externalMiB: mib(usage.external),
          },
        ]),
      ),
      perSubscriberKiB: {
        heapUsed: perSubscriber("heapUsed"),
        rss: perSubscriber("rss"),
        external: perSubscriber("external"),
      },
      facadePeakDuringRunMiB: { rss: mib(peak.rss), heapUsed: mib(peak.heapUsed) },
    },
    cpu: {
      /** Cores busy on average from the first send to quiescence. */
      adsApiCores: cpuShare("adsApi"),
      facadeCores: cpuShare("facade"),
      benchCores: round1((benchCpu.user + benchCpu.system) / 1e6 / busySeconds),
      /** Main thread running vs runnable but waiting for a core (schedstat), same window. */
      mainThreads: { adsApi: mainThread("adsApi"), facade: mainThread("facade") },
    },
    adsApiActivityRequests: Object.fromEntries(
      Object.entries(requests.byEndpoint).filter(([endpoint]) => endpoint.startsWith("activity")),
    ),
  };
  const name =
    process.env.BENCH_FANOUT_RESULT ??
    `activity-fanout${setup.engine === "postgresql" ? "-postgresql" : ""}`;
  console.log(`wrote ${await writeResult(name, report)}`);
  console.log(`wrote ${await writeFanoutMarkdown(name, report)}`);
  console.log(
    JSON.stringify({
      latencyMs: deliveries.latencyMs,
      lost: deliveries.lost,
      duplicates: deliveries.duplicates,
      perSubscriberKiB: report.memory.perSubscriberKiB,
    }),
  );
} finally {
  await servers.close();
  await work.close();
}
