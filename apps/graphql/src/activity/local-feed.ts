import type { ActivityStreamState } from "@adsgraph/rest-client";
import { UpstreamError } from "../errors/facade-errors.js";
import { toFacadeError } from "../errors/to-facade-error.js";
import type { ActivityFeed, FeedSink, FeedStats, OpenStream } from "./activity-feed.js";
import type { EventRing } from "./event-ring.js";

export interface LocalFeedOptions {
  openStream: OpenStream;
  sink: FeedSink;
  onError: (message: string) => void;
  /**
   * Where the first stream resumes (the last event this replica delivered), read when it
   * starts; undefined: from now on (a stream started for a first subscriber).
   */
  resumeFrom?: () => string | undefined;
  /**
   * Where the stream's events are kept for clients resuming with `after:` (a single-process
   * facade); without one (a cluster replica's own stream while Redis fails) no resume is served.
   */
  ring?: EventRing | undefined;
}

interface Reader {
  controller: AbortController;
  /** Settles at the stream's first connection (or its failure). */
  connected: Promise<void>;
  isConnected: boolean;
}

/**
 * This process's own upstream stream (issue 18's behaviour; issue 19's while Redis is down):
 * started by the first subscriber, stopped with the last one. rest-client's reader resumes
 * from the last event id after a dropped connection, so no subscriber misses or doubles one.
 */
export function createLocalFeed(options: LocalFeedOptions): ActivityFeed {
  let reader: Reader | undefined;
  let connections = 0;
  let resume = options.resumeFrom;

  const startReader = (): Reader => {
    const controller = new AbortController();
    let markConnected!: () => void;
    let markFailed!: (error: unknown) => void;
    const current: Reader = {
      controller,
      connected: new Promise<void>((resolve, reject) => {
        markConnected = resolve;
        markFailed = reject;
      }),
      isConnected: false,
    };
    // Awaited by subscribers; a failure before anyone awaits must not be unhandled.
    current.connected.catch(() => undefined);
    const onState = (state: ActivityStreamState) => {
      current.isConnected = state.state === "connected";
      if (state.state === "connected") {
        connections += 1;
        markConnected();
      }
    };
    // Only the first stream resumes: one started after an idle spell starts from now on.
    const sinceId = resume?.();
    resume = undefined;
    if (sinceId === undefined) options.ring?.restart();
    const run = async () => {
      try {
        for await (const event of options.openStream({
          signal: controller.signal,
          onState,
          ...(sinceId !== undefined && { sinceId }),
        })) {
          if (reader !== current) return;
          options.ring?.record(event);
          options.sink.deliver(event);
        }
      } catch (error) {
        if (reader !== current) return;
        // Not retryable (the facade's own credentials refused, a malformed line): every
        // subscriber learns it; the next subscriber starts a new reader.
        const mapped =
          toFacadeError(error) ??
          new UpstreamError("The activity stream of the ads service failed.", {
            status: null,
            codes: [],
          });
        options.onError(`activity: the upstream stream stopped: ${mapped.message}`);
        reader = undefined;
        markFailed(mapped);
        options.sink.fail(mapped);
        return;
      }
      if (reader === current) reader = undefined;
      markFailed(new UpstreamError("The activity stream stopped.", { status: null, codes: [] }));
    };
    void run();
    return current;
  };

  const stop = () => {
    const stopping = reader;
    reader = undefined;
    stopping?.controller.abort();
  };

  return {
    want() {
      reader ??= startReader();
      return reader.connected;
    },
    idle: stop,
    stats: (): FeedStats => ({
      streaming: reader !== undefined,
      connected: reader?.isConnected ?? false,
      connections,
      role: "local",
    }),
    retained(after, keep) {
      return Promise.resolve(
        options.ring?.retained(after, keep) ?? { expired: true, oldestId: undefined },
      );
    },
    close() {
      stop();
      return Promise.resolve();
    },
    halt: stop,
  };
}
