import { percentile, round1 } from "./stats.js";

export interface LatencySummary {
  checks: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Checks that got no answer or not the healthy one. */
  failed: number;
}

export function summarise(latencies: readonly number[], failed: number): LatencySummary {
  return {
    checks: latencies.length,
    p50Ms: round1(percentile(latencies, 50)),
    p99Ms: round1(percentile(latencies, 99)),
    maxMs: round1(latencies.length === 0 ? Number.NaN : Math.max(...latencies)),
    failed,
  };
}

/**
 * Another client's health check, over and over (one at a time, `gapMs` apart) while something
 * else loads the server: how long an innocent caller waits. `check` resolves true when the
 * server answered as healthy; `take()` returns what was measured since the last take.
 */
export function startBystander(check: () => Promise<boolean>, gapMs = 25) {
  let latencies: number[] = [];
  let failed = 0;
  const state = { running: true };
  const loop = (async () => {
    while (state.running) {
      const started = performance.now();
      try {
        if (await check()) latencies.push(performance.now() - started);
        else failed += 1;
      } catch {
        failed += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, gapMs));
    }
  })();
  return {
    take(): LatencySummary {
      const summary = summarise(latencies, failed);
      latencies = [];
      failed = 0;
      return summary;
    },
    async stop(): Promise<void> {
      state.running = false;
      await loop;
    },
  };
}
