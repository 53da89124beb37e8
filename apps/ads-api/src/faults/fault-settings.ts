/** How long each faulted endpoint waits before it is handled (docs/configuration.md). */
export type LatencyDistribution =
  | { readonly kind: "none" }
  | { readonly kind: "fixed"; readonly ms: number }
  | { readonly kind: "uniform"; readonly minMs: number; readonly maxMs: number }
  /** Log-normal through its median and 99th percentile; draws are capped at 10 × p99. */
  | { readonly kind: "lognormal"; readonly p50Ms: number; readonly p99Ms: number };

/**
 * Faults injected on catalog endpoints (`ADS_API_FAULTS`, or `config.faults` in process), for
 * resilience tests and benchmarks of clients. Shares are of requests and sum to at most 1.
 */
export interface FaultSettings {
  readonly latency: LatencyDistribution;
  /** Answered 500, 502 or 503 (one third each; 503 with `retry-after`) before the handler. */
  readonly serverError: number;
  /** Answered 429 with `x-rate-limit-*` headers (remaining 0) before the handler. */
  readonly rateLimit: number;
  /** The connection is reset (TCP RST) with no answer. */
  readonly reset: number;
  /** The answer's headers and half its body are sent, with the full Content-Length, then FIN. */
  readonly truncate: number;
  /**
   * Of the resets, the share made after the handler ran: a write is applied and its answer
   * lost, so the client cannot know the outcome. The others happen before the handler.
   */
  readonly resetAfter: number;
  /** A 503's `retry-after`, and how far a 429's `x-rate-limit-reset` lies ahead. */
  readonly retryAfterSeconds: number;
  /** Seeds the per-request draws: the same seed and request order give the same faults. */
  readonly seed: number;
}

export type Fault =
  | { readonly kind: "none" }
  | { readonly kind: "server-error"; readonly status: 500 | 502 | 503 }
  | { readonly kind: "rate-limit" }
  | { readonly kind: "reset"; readonly after: boolean }
  | { readonly kind: "truncate" };

export interface FaultDecision {
  readonly latencyMs: number;
  readonly fault: Fault;
}

export const NO_FAULTS: FaultSettings = {
  latency: { kind: "none" },
  serverError: 0,
  rateLimit: 0,
  reset: 0,
  truncate: 0,
  resetAfter: 0.5,
  retryAfterSeconds: 1,
  seed: 1,
};

/** The standard normal quantile at 0.99: p99 = p50 · e^(σ · Z99) for a log-normal. */
const Z99 = 2.326_347_874;
const SERVER_ERRORS = [500, 502, 503] as const;

function latencyOf(latency: LatencyDistribution, u: number, v: number): number {
  switch (latency.kind) {
    case "none":
      return 0;
    case "fixed":
      return latency.ms;
    case "uniform":
      return latency.minMs + u * (latency.maxMs - latency.minMs);
    case "lognormal": {
      if (latency.p50Ms === 0) return 0;
      const sigma = Math.log(latency.p99Ms / latency.p50Ms) / Z99;
      // Box–Muller; 1 - u keeps the logarithm finite.
      const z = Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * v);
      return Math.min(latency.p50Ms * Math.exp(sigma * z), 10 * latency.p99Ms);
    }
  }
}

/**
 * One request's latency and fault. Always draws four numbers, so a request's decision depends
 * only on how many came before it, not on what they drew.
 */
export function decideFault(settings: FaultSettings, random: () => number): FaultDecision {
  const [pick, detail, u, v] = [random(), random(), random(), random()];
  const latencyMs = Math.round(latencyOf(settings.latency, u, v));
  // Consecutive slices of [0, 1): 5xx, then 429, reset, truncate; the rest is no fault.
  const { serverError, rateLimit, reset, truncate } = settings;
  if (pick < serverError) {
    const status = SERVER_ERRORS[Math.floor(detail * SERVER_ERRORS.length)] ?? 500;
    return { latencyMs, fault: { kind: "server-error", status } };
  }
  if (pick < serverError + rateLimit) return { latencyMs, fault: { kind: "rate-limit" } };
  if (pick < serverError + rateLimit + reset) {
    return { latencyMs, fault: { kind: "reset", after: detail < settings.resetAfter } };
  }
  if (pick < serverError + rateLimit + reset + truncate) {
    return { latencyMs, fault: { kind: "truncate" } };
  }
  return { latencyMs, fault: { kind: "none" } };
}

const SHARES = {
  "5xx": "serverError",
  "429": "rateLimit",
  reset: "reset",
  truncate: "truncate",
  "reset-after": "resetAfter",
} as const satisfies Record<string, keyof FaultSettings>;

function number(key: string, text: string, { integer = false, max = Infinity } = {}): number {
  const value = text.trim() === "" ? Number.NaN : Number(text);
  if (
    !Number.isFinite(value) ||
    value < 0 ||
    value > max ||
    (integer && !Number.isInteger(value))
  ) {
    const rule = `${integer ? "an integer" : "a number"} from 0${max === Infinity ? "" : ` to ${max}`}`;
    throw new Error(`${key} must be ${rule} (got "${text}")`);
  }
  return value;
}

function parseLatency(text: string): LatencyDistribution {
  const [kind = "", ...args] = text.split(":");
  const ms = (index: number) => number(`latency ${kind} argument ${index + 1}`, args[index] ?? "");
  const arity = (count: number) => {
    if (args.length !== count) {
      throw new Error(`latency ${kind} takes ${count} number(s) of milliseconds separated by ":"`);
    }
  };
  switch (kind) {
    case "none":
      arity(0);
      return { kind };
    case "fixed":
      arity(1);
      return { kind, ms: ms(0) };
    case "uniform": {
      arity(2);
      const [minMs, maxMs] = [ms(0), ms(1)];
      if (maxMs < minMs) throw new Error("latency uniform:<min>:<max> needs min ≤ max");
      return { kind, minMs, maxMs };
    }
    case "lognormal": {
      arity(2);
      const [p50Ms, p99Ms] = [ms(0), ms(1)];
      if (p99Ms < p50Ms) throw new Error("latency lognormal:<p50>:<p99> needs p50 ≤ p99");
      return { kind, p50Ms, p99Ms };
    }
    default:
      throw new Error(
        `latency must be none, fixed:<ms>, uniform:<min>:<max> or lognormal:<p50>:<p99> (got "${text}")`,
      );
  }
}

/**
 * Parses `ADS_API_FAULTS`: comma-separated `key=value` pairs, e.g.
 * `5xx=0.1,429=0.05,reset=0.01,truncate=0.005,latency=lognormal:5:50,seed=7`. Keys: the
 * shares `5xx`, `429`, `reset`, `truncate` (summing to at most 1), `reset-after`, `latency`,
 * `retry-after` (seconds), `seed`. Throws naming the key and its rule.
 */
export function parseFaults(text: string): FaultSettings {
  const settings: { -readonly [K in keyof FaultSettings]: FaultSettings[K] } = { ...NO_FAULTS };
  const seen = new Set<string>();
  for (const pair of text.split(",")) {
    const at = pair.indexOf("=");
    const key = (at < 0 ? pair : pair.slice(0, at)).trim();
    const value = at < 0 ? "" : pair.slice(at + 1).trim();
    if (at < 0 || key === "") throw new Error(`"${pair.trim()}" is not key=value`);
    if (seen.has(key)) throw new Error(`${key} is given twice`);
    seen.add(key);
    if (Object.hasOwn(SHARES, key)) {
      settings[SHARES[key as keyof typeof SHARES]] = number(key, value, { max: 1 });
    } else if (key === "latency") {
      settings.latency = parseLatency(value);
    } else if (key === "retry-after") {
      settings.retryAfterSeconds = number(key, value, { integer: true, max: 3600 });
    } else if (key === "seed") {
      settings.seed = number(key, value, { integer: true, max: 2 ** 32 - 1 });
    } else {
      throw new Error(
        `unknown key "${key}" (known: ${[...Object.keys(SHARES), "latency", "retry-after", "seed"].join(", ")})`,
      );
    }
  }
  const total = settings.serverError + settings.rateLimit + settings.reset + settings.truncate;
  if (total > 1 + 1e-9)
    throw new Error(`the shares 5xx, 429, reset and truncate sum to ${total} (> 1)`);
  return settings;
}
