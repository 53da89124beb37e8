// The measurement of tracing's cost (issue 20), shared by bench:tracing-overhead (its own run,
// tracing-overhead.ts) and bench:throughput's `tracing` scenario (issue 37): identical stacks
// (ads-api and the facade, each in a process of its own) with tracing off, on in the facade
// only, and on in both services, exporting every sampled span over OTLP/HTTP to a local sink
// that reads and discards them (otlp-sink.ts). See tracing-overhead.ts for the method.
import { postGraphQL } from "./graphql.js";
import { interleavedLatencyLoad, latencyLoad } from "./latency-load.js";
import { startOtlpSink } from "./otlp-sink.js";
import { CAMPAIGNS_WITH_FUNDING } from "./plain-data.js";
import { sample, type Watched } from "./proc-stats.js";
import { Closers } from "./servers.js";
import {
  compareSides,
  FACADE_ONLY_SERVICE,
  servicesOf,
  type OverheadResult,
  type SideRound,
  type TracedSide,
} from "./tracing-overhead-report.js";
import type { SinkCounts } from "./otlp-sink.js";
import {
  startAdsApiServer,
  startFacadeServer,
  type ChildSettings,
  type FacadeServer,
} from "./throughput-servers.js";

export interface OverheadOptions {
  connections: readonly number[];
  campaigns: number;
  stacks: number;
  rounds: number;
  seconds: number;
  warmupSeconds: number;
  /** OTEL_TRACES_SAMPLER (and _ARG) of the traced sides; {} leaves the product's default. */
  sampler: Record<string, string>;
  /** The traced sides measured against off (both is the goal's). */
  sides: readonly TracedSide[];
  settings: ChildSettings;
  workDir: string;
  log: (line: string) => void;
  /** Where the run registers its servers' closers (the caller's, for its Ctrl-C); closed at the end. */
  closers?: Closers;
}

export interface OverheadRun {
  results: OverheadResult[];
  sink: SinkCounts;
  /** The services a traced side exported as (every one must have sent spans). */
  services: string[];
  /** What each traced service printed about its tracing at start (the line names the exporter). */
  tracingLines: string[];
}

/** Every read upstream, nothing written: all sides do the same work per request. */
const FACADE_ENV = {
  UPSTREAM_STATS: "true",
  SNAPSHOT_WRITES: "false",
  SNAPSHOT_FRESH_SECONDS_ENTITY: "0",
  SNAPSHOT_FRESH_SECONDS_REFERENCE: "0",
};

type SideName = "off" | TracedSide;

interface Side {
  name: SideName;
  facade: FacadeServer;
  processes: Watched[];
}

/** The lines a service printed about tracing at start (`Tracing: spans of …` and what follows). */
const tracingLinesOf = (output: string) =>
  output.split("\n").filter((line) => /tracing|sampl/i.test(line) && line.length < 400);

export async function runTracingOverhead(options: OverheadOptions): Promise<OverheadRun> {
  const { settings, workDir, log, campaigns, seconds, warmupSeconds } = options;
  const services = servicesOf(options.sides);
  const closers = options.closers ?? new Closers();
  const tracingLines = new Set<string>();
  const accountId = `trace${campaigns}`;
  const body = JSON.stringify({
    query: CAMPAIGNS_WITH_FUNDING,
    variables: { id: accountId, after: null },
  });
  try {
    const sink = await startOtlpSink(services);
    closers.push(() => sink.close());

    /**
     * One stack (ads-api, then the facade in front of it): tracing off, in the facade alone (an
     * upstream that traces nothing, as a platform's API would), or in both.
     */
    const startSide = async (name: SideName, index: number): Promise<Side> => {
      const tracing = { OTEL_EXPORTER_OTLP_ENDPOINT: sink.endpoint, ...options.sampler };
      log(`starting ads-api and the facade, tracing: ${name} (stack ${index + 1})`);
      const adsApi = await startAdsApiServer(
        "pglite",
        [{ accountId, campaigns }],
        settings,
        workDir,
        { env: name === "both" ? tracing : {} },
      );
      closers.push(() => adsApi.close());
      const facadeTracing =
        name === "off"
          ? {}
          : name === "facade"
            ? { ...tracing, OTEL_SERVICE_NAME: FACADE_ONLY_SERVICE }
            : tracing;
      const facade = await startFacadeServer(
        `facade-${name}-${index + 1}`,
        "pglite",
        adsApi,
        { ...FACADE_ENV, ...facadeTracing },
        settings,
        workDir,
      );
      closers.push(() => facade.close());
      // The start lines say whether tracing runs: a side that is not what it claims stops the run.
      const traced = /Tracing: spans of /.test(facade.output());
      if (traced !== (name !== "off"))
        throw new Error(`facade-${name}: tracing is ${traced ? "on" : "off"}`);
      if (name !== "off")
        for (const line of [
          ...tracingLinesOf(facade.output()),
          ...(name === "both" ? tracingLinesOf(adsApi.output()) : []),
        ])
          tracingLines.add(line.trim());
      return {
        name,
        facade,
        processes: [
          { name: "facade", pid: facade.pid, gcFile: facade.gcFile },
          { name: "ads-api", pid: adsApi.pid, gcFile: adsApi.gcFile },
        ],
      };
    };

    /** The side answers the captured `data`, every read from upstream; throws otherwise. */
    const check = async (side: Side, expected: string): Promise<void> => {
      const answer = await postGraphQL(side.facade, CAMPAIGNS_WITH_FUNDING, {
        id: accountId,
        after: null,
      });
      if (answer.kind !== "answer" || answer.status !== 200 || answer.errors.length > 0)
        throw new Error(`facade-${side.name}: ${JSON.stringify(answer).slice(0, 400)}`);
      if (JSON.stringify(answer.data) !== expected)
        throw new Error(`facade-${side.name}: its data differs from the captured answer`);
      if ((answer.extensions?.upstream?.requests ?? 0) === 0)
        throw new Error(`facade-${side.name}: answered without reading upstream`);
    };

    /**
     * One round of every side together: the connections send to each side in turn, request by
     * request, so all of them run over the same seconds of the machine; each side's CPU per
     * request is read over that round from its own processes.
     */
    const measureTogether = async (
      sides: readonly Side[],
      connections: number,
      expected: string,
    ): Promise<SideRound[]> => {
      for (const side of sides) await check(side, expected);
      const before = await Promise.all(sides.map((side) => sample(side.processes)));
      const runs = await interleavedLatencyLoad(
        sides.map((side) => side.facade),
        body,
        connections,
        seconds,
      );
      const after = await Promise.all(sides.map((side) => sample(side.processes)));
      return sides.map((side, index) => {
        const run = runs[index];
        if (run === undefined) throw new Error(`no run for ${side.name}`);
        const cpuMsPerRequest: Record<string, number> = {};
        for (const { name } of side.processes) {
          const used =
            (after[index]?.get(name)?.cpuMs ?? Number.NaN) -
            (before[index]?.get(name)?.cpuMs ?? Number.NaN);
          cpuMsPerRequest[name] = used / Math.max(1, run.requests);
        }
        log(
          `  ${connections} conn, tracing ${side.name} (${side.facade.name}): p50 ${run.p50Ms.toFixed(2)} ms, p99 ` +
            `${run.p99Ms.toFixed(2)} ms, ${run.requestsPerSecond.toFixed(1)} req/s, facade ` +
            `${(cpuMsPerRequest.facade ?? Number.NaN).toFixed(2)} ms CPU/req` +
            (run.failures > 0 ? `, ${run.failures} failures` : ""),
        );
        return { ...run, cpuMsPerRequest };
      });
    };

    const results: OverheadResult[] = [];
    // Each side's stacks: started in turn, so no side gets the machine's first or last minutes.
    const kinds: SideName[] = ["off", ...options.sides];
    const stacksOf = new Map<SideName, Side[]>(kinds.map((kind) => [kind, []]));
    for (let index = 0; index < options.stacks; index += 1) {
      for (const kind of kinds) stacksOf.get(kind)?.push(await startSide(kind, index));
    }
    const all = [...stacksOf.values()].flat();
    const [reference] = stacksOf.get("off") ?? [];
    if (reference === undefined) throw new Error("no stack started");
    const first = await postGraphQL(reference.facade, CAMPAIGNS_WITH_FUNDING, {
      id: accountId,
      after: null,
    });
    if (first.kind !== "answer" || first.errors.length > 0)
      throw new Error(`capture: ${JSON.stringify(first).slice(0, 400)}`);
    const expected = JSON.stringify(first.data);
    for (const connections of options.connections) {
      log(`${connections} connection(s): warming up`);
      for (const side of all) {
        await check(side, expected);
        if (warmupSeconds > 0) await latencyLoad(side.facade, body, connections, warmupSeconds);
      }
      const measured = new Map<SideName, SideRound[]>(kinds.map((kind) => [kind, []]));
      for (let i = 0; i < options.rounds; i += 1) {
        // Every side in each round, request by request; each round moves to the next stack of
        // each side, and the loops' starting side turns with the round.
        const index = i % options.stacks;
        const order = kinds.map((_, k) => kinds[(k + i) % kinds.length] ?? "off");
        const sides = order.flatMap((kind) => stacksOf.get(kind)?.[index] ?? []);
        const roundResults = await measureTogether(sides, connections, expected);
        sides.forEach((side, k) => {
          const result = roundResults[k];
          if (result !== undefined) measured.get(side.name)?.push(result);
        });
      }
      const traced: Partial<Record<TracedSide, SideRound[]>> = {};
      for (const side of options.sides) traced[side] = measured.get(side) ?? [];
      results.push(compareSides(connections, measured.get("off") ?? [], traced));
    }
    return { results, sink: sink.counts(), services, tracingLines: [...tracingLines] };
  } finally {
    await closers.close();
  }
}

/** The method text of a run with these options. */
export function overheadMethod(options: Pick<OverheadOptions, "stacks" | "campaigns" | "sides">) {
  return (
    `${options.stacks} stack(s) per side from their sources (tsx), each process of its own over PGlite: ads-api ` +
    `(an account of ${options.campaigns} campaigns) and the facade in front of it, snapshots off ` +
    "(SNAPSHOT_WRITES=false, freshness 0: every request reads upstream). Off: no OTEL_* variable " +
    "(no SDK loaded). " +
    (options.sides.includes("facade")
      ? "Facade only: OTEL_EXPORTER_OTLP_ENDPOINT set in the facade alone (an upstream that " +
        "traces nothing). "
      : "") +
    "Both: set in both services, one trace across them. Traced " +
    "spans (the facade's request, GraphQL operation and loader batches, each undici client call, " +
    "ads-api's request for it: about 10 per query) are batched and exported over OTLP/HTTP " +
    "(protobuf, the default) " +
    "to a local sink in the bench process that reads and discards them. Query: " +
    "account.campaigns(first: 1000) with each campaign's funding instrument (a loader batch), one " +
    "POST per request, closed loop over kept-alive connections, latency per request by " +
    "performance.now(). Each round is checked first (same data as captured, upstream read). " +
    "Each round loads the sides together, request by request in turn (every connection " +
    "sends to each side in turn; the loops start on different sides), so a change in " +
    "the machine's speed falls on all of them alike; each round moves to the next stack of each " +
    "side (two processes of one build differ by several percent); p50 and p99 are medians of the " +
    "rounds' values; CPU: utime + stime of /proc/<pid>/stat of each side's processes over each round."
  );
}

/** OTEL_TRACES_SAMPLER (and _ARG) from a `name` or `name:arg` setting; "" or unset: none. */
export function samplerEnv(setting: string | undefined): Record<string, string> {
  const [name, arg] = (setting ?? "").split(":", 2);
  return {
    ...(name && { OTEL_TRACES_SAMPLER: name }),
    ...(arg && { OTEL_TRACES_SAMPLER_ARG: arg }),
  };
}

/** Which sampler the traced services ran with, as far as the bench can tell. */
export function samplerName(setting: string | undefined): string {
  if (setting !== undefined && setting !== "") return `${setting} (BENCH_TRACING_SAMPLER)`;
  const inherited = process.env.OTEL_TRACES_SAMPLER;
  if (inherited !== undefined)
    return `${inherited}${process.env.OTEL_TRACES_SAMPLER_ARG === undefined ? "" : `:${process.env.OTEL_TRACES_SAMPLER_ARG}`} (OTEL_TRACES_SAMPLER of the bench's environment)`;
  return "unset: the product's default sampler (see tracingLines for what the services printed)";
}
