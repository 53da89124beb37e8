import type { HostRole } from "@adsgraph/models";

/** One request as the log keeps it: no parameters, headers or bodies (they may hold secrets). */
export interface LoggedRequest {
  /** When the answer went out (or, for a stream, began). */
  readonly at: string;
  /** When the request arrived: what it did (counting it against a rate limit, say) fell between. */
  readonly receivedAt: string;
  readonly role: HostRole;
  readonly method: string;
  /** The route template, e.g. `/12/accounts/:account_id/campaigns`. */
  readonly route: string;
  /** The catalog id when the route is a catalog endpoint. */
  readonly endpointId: string | undefined;
  /** The Authorization scheme sent (`oauth`, `bearer`, `basic`), never its credentials. */
  readonly scheme: string | null;
  readonly status: number;
}

/**
 * A request as it is recorded: its times as numbers, formatted only when the log is read
 * (formatting two dates on every request cost more than the rest of the bookkeeping).
 */
export interface RecordedRequest extends Omit<LoggedRequest, "at" | "receivedAt"> {
  /** When the answer went out, in ms since the epoch (`at`). */
  readonly atMs: number;
  /** From the request's arrival to `atMs` (`receivedAt` is `atMs` less this). */
  readonly elapsedMs: number;
}

/** The times of a request answered now, `elapsedMs` after it arrived. */
export function answeredNow(elapsedMs: number): Pick<RecordedRequest, "atMs" | "elapsedMs"> {
  return { atMs: Date.now(), elapsedMs };
}

/** The scheme word of an Authorization header, lower-cased; null without one. */
export function authSchemeOf(header: string | undefined): string | null {
  const scheme = header?.trim().split(/\s/, 1)[0];
  return scheme === undefined || scheme === "" ? null : scheme.toLowerCase();
}

/** Told of each request the log records (`RequestLog.observe`). */
export type RequestListener = (entry: RecordedRequest, durationMs: number | undefined) => void;

export interface RequestCounts {
  readonly total: number;
  readonly byEndpoint: Readonly<Record<string, number>>;
  readonly byRole: Readonly<Record<string, number>>;
}

/**
 * Counts the requests served, so tests of later issues can measure how many upstream calls the
 * GraphQL facade makes. In process: `server.requestLog`; over HTTP: `GET /_admin/requests` on
 * any host, loopback clients only. Keeps the last `capacity` entries and running totals.
 */
export class RequestLog {
  readonly #entries: RecordedRequest[] = [];
  readonly #capacity: number;
  #total = 0;
  #byEndpoint = new Map<string, number>();
  #byRole = new Map<string, number>();
  readonly #listeners = new Set<RequestListener>();

  constructor(capacity = 10_000) {
    this.#capacity = capacity;
  }

  /** Tells `listener` of every request recorded from now on (metrics); returns the removal. */
  observe(listener: RequestListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** `durationMs`: from the request's arrival to its answer, when the answer was whole. */
  record(entry: RecordedRequest, durationMs?: number): void {
    // Kept as a copy written field by field: callers build entries with an object spread, and
    // V8 gives each object so built a hidden class of its own (about 480 bytes an entry kept
    // instead of 180; 10,000 kept entries were most of the live heap's growth in a soak).
    this.#entries.push({
      atMs: entry.atMs,
      elapsedMs: entry.elapsedMs,
      role: entry.role,
      method: entry.method,
      route: entry.route,
      endpointId: entry.endpointId,
      scheme: entry.scheme,
      status: entry.status,
    });
    if (this.#entries.length > this.#capacity) this.#entries.shift();
    this.#total += 1;
    const key = entry.endpointId ?? `${entry.method} ${entry.route}`;
    this.#byEndpoint.set(key, (this.#byEndpoint.get(key) ?? 0) + 1);
    this.#byRole.set(entry.role, (this.#byRole.get(entry.role) ?? 0) + 1);
    for (const listener of this.#listeners) {
      try {
        listener(entry, durationMs);
      } catch {
        // Metrics that fail must not fail the request they count.
      }
    }
  }

  counts(): RequestCounts {
    return {
      total: this.#total,
      byEndpoint: Object.fromEntries(this.#byEndpoint),
      byRole: Object.fromEntries(this.#byRole),
    };
  }

  entries(): readonly LoggedRequest[] {
    return this.#entries.map((entry) => ({
      at: new Date(entry.atMs).toISOString(),
      receivedAt: new Date(entry.atMs - entry.elapsedMs).toISOString(),
      role: entry.role,
      method: entry.method,
      route: entry.route,
      endpointId: entry.endpointId,
      scheme: entry.scheme,
      status: entry.status,
    }));
  }

  reset(): void {
    this.#entries.length = 0;
    this.#total = 0;
    this.#byEndpoint = new Map();
    this.#byRole = new Map();
  }
}
