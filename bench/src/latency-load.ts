import { Agent, request } from "node:http";
import { performance } from "node:perf_hooks";
import { percentile } from "./stats.js";

/** One closed-loop run: every request's latency, at sub-millisecond resolution. */
export interface LatencyRun {
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers that were not 200, and requests that failed outright. */
  failures: number;
}

/** One POST over a kept-alive connection; its status and how long until its last byte. */
function post(
  agent: Agent,
  url: URL,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: "POST", agent, headers }, (response) => {
      response.resume();
      response.on("end", () => {
        resolve({ status: response.statusCode ?? 0, ms: performance.now() - started });
      });
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/**
 * `connections` loops, each sending the next request as soon as the last one was answered,
 * for `seconds`. Unlike autocannon, whose percentiles are whole milliseconds, latencies are
 * kept to the microsecond: a 5% difference of a few milliseconds must be visible.
 */
export async function latencyLoad(
  target: { url: string; headers: Record<string, string> },
  body: string,
  connections: number,
  seconds: number,
): Promise<LatencyRun> {
  const [run] = await interleavedLatencyLoad([target], body, connections, seconds);
  if (run === undefined) throw new Error("no run");
  return run;
}

/**
 * The closed loop of `latencyLoad` over several targets at once, request by request in turn:
 * each of the `connections` loops sends its next request to the next target (loop i starts at
 * target i), so every target is measured over the same seconds and a change in the machine's
 * speed falls on all of them alike. One run per target, in the order given.
 */
export async function interleavedLatencyLoad(
  targets: readonly { url: string; headers: Record<string, string> }[],
  body: string,
  connections: number,
  seconds: number,
): Promise<LatencyRun[]> {
  const sides = targets.map((target) => ({
    url: new URL(target.url),
    agent: new Agent({ keepAlive: true, maxSockets: connections }),
    headers: {
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(body)),
      ...target.headers,
    },
    latencies: [] as number[],
    failures: 0,
  }));
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const loop = async (_: unknown, index: number) => {
    for (let turn = index; performance.now() < deadline; turn += 1) {
      const side = sides[turn % sides.length];
      if (side === undefined) return;
      try {
        const { status, ms } = await post(side.agent, side.url, side.headers, body);
        side.latencies.push(ms);
        if (status !== 200) side.failures += 1;
      } catch {
        side.failures += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  return sides.map(({ agent, latencies, failures }) => {
    agent.destroy();
    return {
      seconds: elapsed,
      requests: latencies.length,
      requestsPerSecond: latencies.length / elapsed,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      failures,
    };
  });
}
