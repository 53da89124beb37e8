import { ACTIVITY_STREAM_STARTS_AFTER_HEADER, type ActivityEvent } from "@adsgraph/models";
import {
  DEFAULT_STREAM_BACKOFF,
  classifyStreamEnd,
  compareEventIds,
  isDigitId,
  reconnectDelayMs,
} from "./activity-reconnect.js";
import type { ReconnectReason, StreamBackoff } from "./activity-reconnect.js";
import type { RestClient } from "../client/client.js";
import { REST_CLIENT_ERROR_CODES, RestClientError } from "../core/errors.js";
import type { MessageStream } from "../core/call-types.js";
import type { Middleware } from "../core/middleware.js";
import { defaultSleep } from "../core/transport.js";

/** Keep-alive lines come every few seconds; this many ms without a byte means a dead connection. */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 30_000;

/** What the reader is doing, for logs. Errors are the client's typed, secret-free errors. */
export type ActivityStreamState =
  | { readonly state: "connecting"; readonly sinceId: string | undefined; readonly attempt: number }
  | {
      readonly state: "connected";
      readonly sinceId: string | undefined;
      /**
       * The event id this connection sends events after, as the server said (issue 34:
       * `x-activity-starts-after`; with `sinceId` the same id); undefined when it did not say.
       * A reader started from now on resumes from it, even before its first event.
       */
      readonly startsAfter?: string | undefined;
    }
  | {
      readonly state: "backing_off";
      readonly reason: ReconnectReason;
      readonly delayMs: number;
      /** Consecutive failures since data last arrived (1-based). */
      readonly failures: number;
      readonly error: RestClientError | undefined;
    }
  | {
      readonly state: "stopped";
      /** `aborted`: the signal fired; `closed`: the loop left; `error`: a non-retryable failure. */
      readonly reason: "aborted" | "closed" | "error";
      readonly error: RestClientError | undefined;
    };

/** Timers of the stall detection, injectable so tests fire them. */
export interface StallTimers {
  setTimeout(fire: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ActivityStreamOptions {
  /** Resume after this event id (a digit string), e.g. the one `checkpoint` saved last run. */
  readonly sinceId?: string | undefined;
  /** Stops the reader: the iteration ends without an error and the connection is closed. */
  readonly signal: AbortSignal;
  readonly backoff?: Partial<StreamBackoff> | undefined;
  /** No byte at all (not even a keep-alive) for this long: reconnect. Default 30 s. */
  readonly keepAliveTimeoutMs?: number | undefined;
  readonly onState?: ((state: ActivityStreamState) => void) | undefined;
  /**
   * Called with an event's id once the loop body has handled it (when the next event is asked
   * for), and awaited: save it, and pass it back as `sinceId` after a restart. An event whose
   * handling was cut short (a `break`, a crash) is not saved, so it comes again: at least once.
   */
  readonly checkpoint?: ((lastEventId: string) => void | Promise<void>) | undefined;
  /** Injectable for tests: backoff waits (must reject when `signal` fires), jitter, clock, stall timers. */
  readonly sleep?: ((ms: number, signal: AbortSignal) => Promise<void>) | undefined;
  readonly random?: (() => number) | undefined;
  readonly clock?: (() => number) | undefined;
  readonly timers?: StallTimers | undefined;
}

/** Activity events in id order, across reconnects. */
export interface ActivityStreamReader extends AsyncIterable<ActivityEvent> {
  /**
   * The id of the last event yielded, or before any, where the server said the stream starts
   * (what a reconnect passes as since_id).
   */
  readonly lastEventId: string | undefined;
}

/** Reports every chunk of a streamed body as it is read (stall detection sees keep-alives). */
function byteTap(onBytes: () => void): Middleware {
  return async (ctx, next) => {
    const response = await next();
    const source = response.stream;
    if (ctx.endpointId !== "activity.stream" || source === undefined) return response;
    async function* tapped(): AsyncGenerator<Uint8Array, void, undefined> {
      for await (const chunk of source ?? []) {
        onBytes();
        yield chunk;
      }
    }
    return { ...response, stream: tapped() };
  };
}

/** Reports where a stream's answer says it starts (its `x-activity-starts-after` header). */
function startTap(onStart: (startsAfter: string | undefined) => void): Middleware {
  return async (ctx, next) => {
    const response = await next();
    if (ctx.endpointId !== "activity.stream") return response;
    const announced = response.headers[ACTIVITY_STREAM_STARTS_AFTER_HEADER];
    onStart(announced !== undefined && isDigitId(announced) ? announced : undefined);
    return response;
  };
}

/**
 * Reads `GET /2/activity/stream` (spec §6) for as long as `signal` allows: yields each event
 * once, in order; on the end of the stream, a broken connection, a timeout, a 5xx or no bytes
 * for `keepAliveTimeoutMs`, it reconnects with exponential backoff and jitter, resuming with
 * `since_id` = the last event id (before any event: the id the server said the stream starts
 * after, so none posted meanwhile is skipped). 429s wait for the reset through the client's rate-limit
 * handling. Events at or below the last id (a replay) are dropped. A 4xx (401, 403, 400) or
 * a line the catalog rejects throws the client's typed error.
 */
export function readActivityStream(
  client: RestClient,
  options: ActivityStreamOptions,
): ActivityStreamReader {
  const { signal } = options;
  if (options.sinceId !== undefined && !isDigitId(options.sinceId)) {
    throw new RestClientError(
      REST_CLIENT_ERROR_CODES.INVALID_ARGUMENT,
      "sinceId must be a string of digits (an activity event id)",
      "activity.stream",
    );
  }
  const backoff = { ...DEFAULT_STREAM_BACKOFF, ...options.backoff };
  const keepAliveMs = options.keepAliveTimeoutMs ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const clock = options.clock ?? Date.now;
  const timers: StallTimers = options.timers ?? {
    setTimeout: (fire, ms) => setTimeout(fire, ms),
    clearTimeout: (handle) => {
      clearTimeout(handle as ReturnType<typeof setTimeout>);
    },
  };
  const report = (state: ActivityStreamState) => {
    try {
      options.onState?.(state);
    } catch {
      // A broken logger never stops the reader.
    }
  };

  let lastEventId = options.sinceId;
  // The connection being read, its stall watchdog and whether any byte arrived on it.
  const watch = {
    stream: undefined as MessageStream<ActivityEvent> | undefined,
    timer: undefined as unknown,
    armed: false,
    stalled: false,
    received: false,
    /** Where the connection just opened starts, when the server said. */
    startsAfter: undefined as string | undefined,
  };
  const disarm = () => {
    if (watch.timer !== undefined) timers.clearTimeout(watch.timer);
    watch.timer = undefined;
  };
  const arm = () => {
    disarm();
    watch.timer = timers.setTimeout(() => {
      watch.timer = undefined;
      watch.stalled = true;
      watch.stream?.close();
    }, keepAliveMs);
  };
  const connection = client.with({
    middleware: [
      startTap((startsAfter) => {
        watch.startsAfter = startsAfter;
      }),
      byteTap(() => {
        watch.received = true;
        // Only while the reader waits for data: a slow loop body is not a stalled server.
        if (watch.armed) arm();
      }),
    ],
  });

  // Functions, not fields: these change while the generator awaits, which narrowing ignores.
  const aborted = () => signal.aborted;
  const receivedAny = () => watch.received;
  const announced = () => watch.startsAfter;
  let stopped = false;
  const stop = (reason: "aborted" | "closed" | "error", error?: RestClientError) => {
    stopped = true;
    report({ state: "stopped", reason, error });
  };

  async function* events(): AsyncGenerator<ActivityEvent, void, undefined> {
    let failures = 0;
    let attempt = 0;
    try {
      for (;;) {
        if (aborted()) {
          stop("aborted");
          return;
        }
        attempt += 1;
        report({ state: "connecting", sinceId: lastEventId, attempt });
        let failure: unknown;
        let checkpointFailure: { error: unknown } | undefined;
        watch.stalled = false;
        watch.received = false;
        watch.startsAfter = undefined;
        try {
          const params = lastEventId === undefined ? {} : { since_id: lastEventId };
          // The reader owns reconnecting: the client does not retry on its own (429 waits stay).
          const stream = await connection.activity.stream(params, {
            signal,
            retry: { maxRetries: 0 },
          });
          watch.stream = stream;
          const sinceId = lastEventId;
          // From now on: a reconnect before the first event resumes where this one started.
          const startsAfter = announced() ?? sinceId;
          lastEventId ??= startsAfter;
          report({ state: "connected", sinceId, startsAfter });
          const iterator = stream[Symbol.asyncIterator]();
          for (;;) {
            watch.armed = true;
            arm();
            let next: IteratorResult<ActivityEvent>;
            try {
              next = await iterator.next();
            } finally {
              watch.armed = false;
              disarm();
            }
            if (next.done === true) break;
            const event = next.value;
            const id = event.id;
            if (lastEventId !== undefined && compareEventIds(id, lastEventId) <= 0) continue;
            lastEventId = id;
            yield event;
            if (options.checkpoint !== undefined) {
              try {
                await options.checkpoint(id);
              } catch (error) {
                checkpointFailure = { error };
                throw error;
              }
            }
            if (aborted()) break;
          }
        } catch (error) {
          failure = error;
        } finally {
          watch.stream?.close();
          watch.stream = undefined;
        }
        // The caller's own failure is not the stream's: it ends the reader as it is.
        if (checkpointFailure !== undefined) {
          stop("error");
          throw checkpointFailure.error;
        }
        if (receivedAny()) failures = 0;
        if (aborted()) {
          stop("aborted");
          return;
        }
        const end = classifyStreamEnd(failure, watch.stalled, clock());
        if (!end.retry) {
          if (end.aborted) {
            stop("aborted");
            return;
          }
          stop("error", failure instanceof RestClientError ? failure : undefined);
          throw failure;
        }
        failures += 1;
        const delayMs = Math.max(reconnectDelayMs(failures, backoff, random), end.minDelayMs);
        report({
          state: "backing_off",
          reason: end.reason,
          delayMs,
          failures,
          error: failure instanceof RestClientError ? failure : undefined,
        });
        try {
          await sleep(delayMs, signal);
        } catch {
          stop("aborted");
          return;
        }
      }
    } finally {
      disarm();
      // Left by the loop body (`break`, `return`, a throw).
      if (!stopped) stop(signal.aborted ? "aborted" : "closed");
    }
  }

  const generator = events();
  return {
    [Symbol.asyncIterator]: () => generator,
    get lastEventId() {
      return lastEventId;
    },
  };
}
