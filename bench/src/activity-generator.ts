// The event source of the activity fan-out bench: ads-api's loopback admin endpoint
// (`POST /_admin/activity/events`, docs/rest-service.md "Activity events"), which stores a batch of simulated actions
// in one transaction and answers the events it stored, in order. Events are due on a fixed
// schedule (`eventsPerSecond`, a batch every `intervalMs`); each tick sends every event due and
// not yet sent as one batch (at most `maxBatch`), so a store slower than the schedule gets
// larger batches (as a real producer would send them) rather than a lower rate. Each event
// keeps its due time and its batch's send time: latency from either can be reported.

/** One stored event, as the generator learnt it from the admin endpoint's answer. */
export interface SentEvent {
  readonly id: string;
  readonly userIndex: number;
  /** `performance.now()` when its batch's request started. */
  readonly sentAt: number;
  /** `performance.now()` when the schedule wanted it sent. */
  readonly dueAt: number;
}

export interface GeneratorReport {
  readonly events: SentEvent[];
  readonly batches: number;
  /** Actions in each batch sent (larger than the nominal size when the store fell behind). */
  readonly batchSizes: number[];
  /** Actions sent whose answer named no stored event (no subscription took them). */
  readonly unstored: number;
  /** Batch request times (ms): storage of a batch, as the source sees it. */
  readonly requestMs: number[];
  /** How late each batch went out against its schedule (ms). */
  readonly lagMs: number[];
  /** From the first send to the last answer. */
  readonly elapsedMs: number;
  readonly failures: string[];
}

export interface GeneratorOptions {
  /** `<ads-api base URL>/_admin/activity/events` */
  readonly url: string;
  /** The users' ids; action k is about user k mod n (spread evenly). */
  readonly userIds: readonly string[];
  readonly eventsPerSecond: number;
  readonly intervalMs: number;
  readonly seconds: number;
  /** The admin endpoint's limit per request. */
  readonly maxBatch: number;
  /** Requests in flight at once: a slow store shows as lag, not as a slower schedule. */
  readonly maxInFlight: number;
  /** Text in each action's bio, to tell runs apart in ads-api's store. */
  readonly label: string;
}

interface AnsweredEvent {
  id: string;
  /** The index of the action it came from. */
  action?: number;
  for_user_id?: string;
  forUserId?: string;
}

/**
 * Posts one batch of bio changes and answers the stored events with their users. An answer
 * that names each event's user is matched by it; otherwise one event per action, in order.
 */
export async function postActions(
  url: string,
  userIds: readonly string[],
  userIndexes: readonly number[],
  label: string,
): Promise<{ id: string; userIndex: number; action: number }[]> {
  const body = userIndexes.map((userIndex, k) => ({
    event_type: "profile.update.bio",
    user_id: userIds[userIndex],
    bio: `${label} ${k}`,
  }));
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 201 && response.status !== 200) {
    throw new Error(`admin endpoint answered ${response.status}: ${text.slice(0, 300)}`);
  }
  const { events } = JSON.parse(text) as { events: AnsweredEvent[] };
  const indexOfUser = new Map(userIds.map((id, index) => [id, index]));
  if (events.length !== userIndexes.length) {
    // Only an answer that names each event's user can be matched when counts differ.
    return events.map((event) => {
      const index = indexOfUser.get(event.for_user_id ?? event.forUserId ?? "");
      if (index === undefined) throw new Error("an answer event names no known user");
      return { id: event.id, userIndex: index, action: event.action ?? -1 };
    });
  }
  return events.map((event, k) => ({
    id: event.id,
    userIndex: indexOfUser.get(event.for_user_id ?? event.forUserId ?? "") ?? userIndexes[k] ?? -1,
    action: event.action ?? k,
  }));
}

/** Sends `eventsPerSecond × seconds` events on schedule, one batch per tick at most. */
export async function runGenerator(options: GeneratorOptions): Promise<GeneratorReport> {
  const events: SentEvent[] = [];
  const batchSizes: number[] = [];
  const requestMs: number[] = [];
  const lagMs: number[] = [];
  const failures: string[] = [];
  const total = Math.round(options.eventsPerSecond * options.seconds);
  const dueAt = (k: number) => start + (k * 1000) / options.eventsPerSecond;
  let unstored = 0;
  let sent = 0;
  const inFlight = new Set<Promise<void>>();
  const start = performance.now();
  for (let tick = 1; sent < total; tick++) {
    const wait = start + tick * options.intervalMs - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    while (inFlight.size >= options.maxInFlight) await Promise.race(inFlight);
    const now = performance.now();
    // Every event due by now (its due time has passed) and not sent yet.
    const due = Math.min(total, Math.floor(((now - start) * options.eventsPerSecond) / 1000) + 1);
    const count = Math.min(due - sent, options.maxBatch);
    if (count <= 0) continue;
    const first = sent;
    sent += count;
    const userIndexes = Array.from(
      { length: count },
      (_, k) => (first + k) % options.userIds.length,
    );
    lagMs.push(now - dueAt(first));
    batchSizes.push(count);
    const request = postActions(options.url, options.userIds, userIndexes, options.label)
      .then((stored) => {
        requestMs.push(performance.now() - now);
        unstored += userIndexes.length - stored.length;
        for (const event of stored) {
          events.push({
            id: event.id,
            userIndex: event.userIndex,
            sentAt: now,
            dueAt: dueAt(first + Math.max(0, event.action)),
          });
        }
      })
      .catch((error: unknown) => {
        failures.push(error instanceof Error ? error.message : String(error));
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  }
  await Promise.all(inFlight);
  return {
    events,
    batches: batchSizes.length,
    batchSizes,
    unstored,
    requestMs,
    lagMs,
    elapsedMs: performance.now() - start,
    failures,
  };
}
