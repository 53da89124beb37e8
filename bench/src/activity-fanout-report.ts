import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { DeliveryFigures } from "./activity-deliveries.js";

const RESULTS = path.resolve(import.meta.dirname, "..", "results");

/** What the markdown summary reads of an activity-fanout result (the JSON has more). */
export interface FanoutSummary {
  command: string;
  machine: { cpus: number; node: string; cpuModel: string; loadAverageAtStart: number[] };
  setup: {
    engine: string;
    users: number;
    perUser: number;
    subscribers: number;
    eventsPerSecond: number;
    batchSize: number;
    intervalMs: number;
    seconds: number;
  };
  start: { signInSeconds: number; connectSeconds: number; connected: number; ready: number };
  generator: {
    eventsStored: number;
    failedBatches: number;
    batches: number;
    batchSize: { p50: number; max: number };
    sentSeconds: number;
    eventsPerSecondAchieved: number;
    batchRequestMs: { p50: number; p99: number; max: number };
    scheduleLagMs: { p50: number; max: number };
  };
  deliveries: DeliveryFigures & { drainSeconds: number };
  foreignEvents: number;
  subscribersEnded: number;
  subscriberErrors: string[];
  memory: {
    facade: Record<string, { rssMiB: number; heapUsedMiB: number; externalMiB: number }>;
    perSubscriberKiB: { heapUsed: number; rss: number; external: number };
    facadePeakDuringRunMiB: { rss: number; heapUsed: number };
  };
  cpu: {
    adsApiCores: number;
    facadeCores: number;
    benchCores: number;
    mainThreads: Record<string, { runSeconds: number; waitSeconds: number } | null>;
  };
  adsApiActivityRequests: Record<string, number>;
}

const n = (value: number) => value.toLocaleString("en-US");

/** Writes `bench/results/<name>.md`, a short table of the run, and returns its path. */
export async function writeFanoutMarkdown(name: string, r: FanoutSummary): Promise<string> {
  const d = r.deliveries;
  const m = r.memory;
  const when = (key: string) => {
    const usage = m.facade[key];
    return usage === undefined ? "–" : `${usage.rssMiB} / ${usage.heapUsedMiB} MiB`;
  };
  const lines = [
    `Activity fan-out (${r.setup.engine}, ${r.machine.cpus} CPUs ${r.machine.cpuModel}, Node ${r.machine.node}, load at start ${r.machine.loadAverageAtStart.join(" ")})`,
    "",
    `\`${r.command}\``,
    "",
    "| | |",
    "| --- | --- |",
    `| subscribers | ${n(r.setup.subscribers)} (${r.setup.users} users × ${r.setup.perUser}), ${n(r.start.connected)} connected in ${r.start.connectSeconds} s, ${n(r.start.ready)} ready |`,
    `| events sent | ${n(r.generator.eventsStored)} in ${r.generator.sentSeconds} s: ${n(r.generator.eventsPerSecondAchieved)}/s (target ${n(r.setup.eventsPerSecond)}/s, ${r.setup.batchSize} every ${r.setup.intervalMs} ms; ${r.generator.failedBatches} failed batches) |`,
    `| batches (admin endpoint) | ${n(r.generator.batches)}, size p50 ${r.generator.batchSize.p50}, max ${r.generator.batchSize.max}; store time p50 ${r.generator.batchRequestMs.p50} ms, p99 ${r.generator.batchRequestMs.p99} ms, max ${r.generator.batchRequestMs.max} ms; sent behind schedule p50 ${r.generator.scheduleLagMs.p50} ms, max ${r.generator.scheduleLagMs.max} ms |`,
    `| deliveries | ${n(d.received)} of ${n(d.expectedDeliveries)} expected: ${n(d.deliveriesPerSecond)}/s over ${d.deliverySeconds} s (drained ${d.drainSeconds} s after the last send) |`,
    `| **lost** / duplicates / misrouted / unknown | **${n(d.lost)}** / ${n(d.duplicates)} / ${n(d.misrouted + r.foreignEvents)} / ${n(d.unknown)} |`,
    `| subscriptions ended before the bench closed them | ${n(r.subscribersEnded)}${r.subscriberErrors.length > 0 ? ` (e.g. ${r.subscriberErrors[0] ?? ""})` : ""} |`,
    `| **latency** send → arrival | **p50 ${d.latencyMs.p50} ms, p99 ${d.latencyMs.p99} ms**, p90 ${d.latencyMs.p90} ms, max ${d.latencyMs.max} ms |`,
    `| latency due → arrival (adds the wait in the generator) | p50 ${d.latencyFromDueMs.p50} ms, p99 ${d.latencyFromDueMs.p99} ms, max ${d.latencyFromDueMs.max} ms |`,
    `| facade RSS / heap after a full GC: 0 subscribers → ${n(r.setup.subscribers)} idle → after the run → all closed | ${when("noSubscribers")} → ${when("subscribedIdle")} → ${when("afterRun")} → ${when("afterClose")} |`,
    `| **memory per subscriber** (facade, (with − without) / ${n(r.setup.subscribers)}) | **heap ${m.perSubscriberKiB.heapUsed} KiB, RSS ${m.perSubscriberKiB.rss} KiB** (external ${m.perSubscriberKiB.external} KiB) |`,
    `| facade peak during the run | RSS ${m.facadePeakDuringRunMiB.rss} MiB, heap ${m.facadePeakDuringRunMiB.heapUsed} MiB |`,
    `| CPU, cores busy from first send to quiescence | ads-api ${r.cpu.adsApiCores}, facade ${r.cpu.facadeCores}, bench (generator + subscribers) ${r.cpu.benchCores} |`,
    `| main thread running / waiting for a core (schedstat) | ${Object.entries(r.cpu.mainThreads)
      .map(([who, t]) =>
        t === null ? `${who} –` : `${who} ${t.runSeconds} s / ${t.waitSeconds} s`,
      )
      .join(", ")} |`,
    `| ads-api activity requests | ${Object.entries(r.adsApiActivityRequests)
      .map(([endpoint, count]) => `${endpoint} ${count}`)
      .join(", ")} |`,
    "",
    "Latency send → arrival by second of the schedule (p50 / max, ms): " +
      d.bySecond.map((s) => `${s.second}: ${s.p50Ms}/${s.maxMs}`).join(", "),
    "",
  ];
  const file = path.join(RESULTS, `${name}.md`);
  await writeFile(file, lines.join("\n"));
  return path.relative(process.cwd(), file);
}
