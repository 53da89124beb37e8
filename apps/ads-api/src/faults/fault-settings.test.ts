import { describe, expect, it } from "vitest";
import { configFromEnv } from "../config.js";
import { loadEnv } from "../env.js";
import { seededRandom } from "../seeded-random.js";
import { decideFault, NO_FAULTS, parseFaults } from "./fault-settings.js";
import type { FaultDecision, FaultSettings } from "./fault-settings.js";

describe("parseFaults", () => {
  it("reads every key", () => {
    expect(
      parseFaults(
        "5xx=0.1, 429=0.05,reset=0.01,truncate=0.005,reset-after=0.25,latency=lognormal:5:50,retry-after=2,seed=7",
      ),
    ).toEqual({
      serverError: 0.1,
      rateLimit: 0.05,
      reset: 0.01,
      truncate: 0.005,
      resetAfter: 0.25,
      latency: { kind: "lognormal", p50Ms: 5, p99Ms: 50 },
      retryAfterSeconds: 2,
      seed: 7,
    });
  });

  it("defaults what is not given: no faults, no latency", () => {
    expect(parseFaults("seed=3")).toEqual({ ...NO_FAULTS, seed: 3 });
    expect(parseFaults("latency=fixed:20").latency).toEqual({ kind: "fixed", ms: 20 });
    expect(parseFaults("latency=uniform:10:30").latency).toEqual({
      kind: "uniform",
      minMs: 10,
      maxMs: 30,
    });
  });

  it.each([
    ["5xx=1.5", /5xx must be a number from 0 to 1/],
    ["429=-0.1", /429 must be a number from 0 to 1/],
    ["reset=", /reset must be a number/],
    ["5xx=0.6,429=0.5", /sum to 1\.1 \(> 1\)/],
    ["seed=1.5", /seed must be an integer/],
    ["retry-after=x", /retry-after must be an integer/],
    ["latency=gaussian:1:2", /latency must be none, fixed/],
    ["latency=fixed", /latency fixed takes 1 number/],
    ["latency=uniform:30:10", /min ≤ max/],
    ["latency=lognormal:50:5", /p50 ≤ p99/],
    ["jitter=0.1", /unknown key "jitter"/],
    ["5xx", /"5xx" is not key=value/],
    ["5xx=0.1,5xx=0.2", /5xx is given twice/],
  ])("refuses %s naming the key and the rule", (text, message) => {
    expect(() => parseFaults(text)).toThrow(message);
  });

  it("is ADS_API_FAULTS: a bad value stops start naming the variable", () => {
    expect(() => loadEnv({ ADS_API_FAULTS: "5xx=2" })).toThrow(/ADS_API_FAULTS: 5xx must be/);
    expect(configFromEnv(loadEnv({})).faults).toBeUndefined();
    expect(configFromEnv(loadEnv({ ADS_API_FAULTS: "" })).faults).toBeUndefined();
    expect(configFromEnv(loadEnv({ ADS_API_FAULTS: "429=0.5" })).faults?.rateLimit).toBe(0.5);
  });
});

function draw(settings: FaultSettings, count: number): FaultDecision[] {
  const random = seededRandom(settings.seed);
  return Array.from({ length: count }, () => decideFault(settings, random));
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(q * (sorted.length - 1))] ?? Number.NaN;
}

describe("decideFault", () => {
  const settings = parseFaults(
    "5xx=0.1,429=0.05,reset=0.01,truncate=0.02,reset-after=0.5,latency=lognormal:5:50,seed=11",
  );
  const decisions = draw(settings, 200_000);
  const share = (test: (d: FaultDecision) => boolean) =>
    decisions.filter(test).length / decisions.length;

  it("gives each fault its share", () => {
    expect(share((d) => d.fault.kind === "server-error")).toBeCloseTo(0.1, 2);
    expect(share((d) => d.fault.kind === "rate-limit")).toBeCloseTo(0.05, 2);
    expect(share((d) => d.fault.kind === "reset")).toBeCloseTo(0.01, 2);
    expect(share((d) => d.fault.kind === "truncate")).toBeCloseTo(0.02, 2);
    expect(share((d) => d.fault.kind === "none")).toBeCloseTo(0.82, 2);
  });

  it("spreads 5xx over 500, 502 and 503, and resets before and after the handler", () => {
    for (const status of [500, 502, 503]) {
      expect(
        share((d) => d.fault.kind === "server-error" && d.fault.status === status),
      ).toBeCloseTo(0.1 / 3, 2);
    }
    const resets = decisions.flatMap((d) => (d.fault.kind === "reset" ? [d.fault.after] : []));
    expect(resets.filter(Boolean).length / resets.length).toBeGreaterThan(0.4);
    expect(resets.filter(Boolean).length / resets.length).toBeLessThan(0.6);
  });

  it("draws log-normal latency with the configured p50 and p99", () => {
    const latencies = decisions.map((d) => d.latencyMs);
    expect(quantile(latencies, 0.5)).toBeGreaterThanOrEqual(4);
    expect(quantile(latencies, 0.5)).toBeLessThanOrEqual(6);
    expect(quantile(latencies, 0.99)).toBeGreaterThanOrEqual(45);
    expect(quantile(latencies, 0.99)).toBeLessThanOrEqual(55);
    expect(quantile(latencies, 1)).toBeLessThanOrEqual(500);
  });

  it("keeps uniform and fixed latency in their bounds", () => {
    const uniform = draw(
      { ...NO_FAULTS, latency: { kind: "uniform", minMs: 10, maxMs: 20 } },
      5000,
    );
    expect(Math.min(...uniform.map((d) => d.latencyMs))).toBe(10);
    expect(Math.max(...uniform.map((d) => d.latencyMs))).toBe(20);
    const fixed = draw({ ...NO_FAULTS, latency: { kind: "fixed", ms: 7 } }, 100);
    expect(new Set(fixed.map((d) => d.latencyMs))).toEqual(new Set([7]));
  });

  it("is reproducible from the seed, and another seed gives other faults", () => {
    expect(draw(settings, 1000)).toEqual(decisions.slice(0, 1000));
    expect(draw({ ...settings, seed: 12 }, 1000)).not.toEqual(decisions.slice(0, 1000));
  });

  it("injects nothing with no shares", () => {
    expect(draw(NO_FAULTS, 1000).every((d) => d.fault.kind === "none" && d.latencyMs === 0)).toBe(
      true,
    );
  });
});
