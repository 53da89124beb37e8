import type { StartedAdsApi } from "@adsgraph/ads-api/testing";
import type { Client } from "graphql-ws";
import { act, collectActivity, connectActivity, type Collected } from "./activity-clients.js";

/**
 * One subscriber as a person sees it across reconnects: each new subscription resumes with
 * `after:` = the last event it received, so together they should hold every event posted
 * after the first one went live.
 */
export interface Watcher {
  readonly name: string;
  readonly userId: string;
  /** When its first subscription went live (the test's clock). */
  liveAt: number | undefined;
  /** rawId → global id of every event received (a repeat must carry the same id). */
  readonly received: Map<string, string>;
  /** rawIds in arrival order, repeats included. */
  readonly arrivals: string[];
  /** Global ids that came twice with different rawIds (or a rawId with two global ids). */
  readonly mismatches: string[];
  readonly errors: unknown[];
  /** The subscription now open. */
  current: Collected | undefined;
  client: Client | undefined;
  /** The newest event received (what a resume passes as `after`). */
  newest: { raw: bigint; id: string } | undefined;
  /** The global id of the newest event received. */
  lastId(): string | undefined;
}

export function createWatcher(name: string, userId: string): Watcher {
  const watcher: Watcher = {
    name,
    userId,
    liveAt: undefined,
    received: new Map(),
    arrivals: [],
    mismatches: [],
    errors: [],
    current: undefined,
    client: undefined,
    newest: undefined,
    lastId: () => watcher.newest?.id,
  };
  return watcher;
}

/**
 * Opens a subscription of the watcher on `url` (resuming after its last event when it has one)
 * and resolves once it is live.
 */
export async function watch(watcher: Watcher, url: string, token: string): Promise<void> {
  const client = connectActivity(url, { authorization: `Bearer ${token}` });
  const after = watcher.lastId();
  const collected = collectActivity(client, after === undefined ? {} : { after });
  watcher.client = client;
  watcher.current = collected;
  // Events are read as they come: the collector's arrays grow, this copies them over.
  const seen = { events: 0, errors: 0 };
  const drain = () => {
    for (; seen.events < collected.events.length; seen.events += 1) {
      const event = collected.events[seen.events];
      if (event === undefined) continue;
      const known = watcher.received.get(event.rawId);
      if (known !== undefined && known !== event.id) watcher.mismatches.push(event.rawId);
      watcher.received.set(event.rawId, event.id);
      watcher.arrivals.push(event.rawId);
      const raw = BigInt(event.rawId);
      if (watcher.newest === undefined || raw > watcher.newest.raw) {
        watcher.newest = { raw, id: event.id };
      }
    }
    for (; seen.errors < collected.errors.length; seen.errors += 1) {
      watcher.errors.push(collected.errors[seen.errors]);
    }
  };
  const timer = setInterval(drain, 20);
  client.on("closed", () => {
    drain();
    clearInterval(timer);
  });
  // Live, or refused (an error before the live message): no need to wait any longer.
  let check: ReturnType<typeof setInterval> | undefined;
  try {
    await Promise.race([
      collected.live,
      new Promise((_, reject) => {
        const until = Date.now() + 20_000;
        check = setInterval(() => {
          if (collected.errors.length > 0 || Date.now() > until) {
            reject(new Error(`${watcher.name}: not live (${JSON.stringify(collected.errors)})`));
          }
        }, 20);
      }),
    ]);
  } finally {
    clearInterval(check);
  }
  watcher.liveAt ??= Date.now();
}

/** Closes the watcher's subscription from the client's side (its WebSocket). */
export async function disconnect(watcher: Watcher): Promise<void> {
  const client = watcher.client;
  watcher.client = undefined;
  watcher.current = undefined;
  await client?.dispose();
}

/** An event posted at a steady rate: its id and when its posting began. */
export interface Posted {
  readonly userId: string;
  readonly rawId: string;
  readonly at: number;
}

/**
 * Posts a `profile.update.bio` every `everyMs` for the users in turn until stopped; a post that
 * fails (ads-api restarting) is tried again, and only acknowledged ones are counted.
 */
export function postSteadily(
  adsApi: Pick<StartedAdsApi, "urls">,
  userIds: readonly string[],
  everyMs: number,
): { posted: Posted[]; stop(): Promise<void> } {
  const posted: Posted[] = [];
  let stopped = false;
  // Read through a function: `stop` sets it while the loop awaits, which narrowing ignores.
  const isStopped = () => stopped;
  const running = (async () => {
    for (let index = 0; !isStopped(); index += 1) {
      const userId = userIds[index % userIds.length] as string;
      const at = Date.now();
      try {
        const ids = await act(adsApi, {
          event_type: "profile.update.bio",
          user_id: userId,
          bio: `steady ${index}`,
        });
        for (const rawId of ids) posted.push({ userId, rawId, at });
      } catch {
        // Not acknowledged (ads-api down): not counted; the next post comes after the pause.
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    posted,
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

/** What each watcher should have (every event of its user posted after it went live) but lacks. */
export function lostEvents(watchers: readonly Watcher[], posted: readonly Posted[]) {
  return watchers.map((watcher) => {
    const expected = posted.filter(
      (event) =>
        event.userId === watcher.userId &&
        watcher.liveAt !== undefined &&
        event.at >= watcher.liveAt,
    );
    const missing = expected.filter((event) => !watcher.received.has(event.rawId));
    return {
      name: watcher.name,
      expected: expected.length,
      lost: missing.length,
      duplicates: watcher.arrivals.length - watcher.received.size,
    };
  });
}
