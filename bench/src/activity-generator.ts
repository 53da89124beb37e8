// The event source of the activity fan-out bench: ads-api's loopback admin endpoint
// (`POST /_admin/activity/events`, README "ads-api"), which stores a batch of simulated actions
// in one transaction and answers the events it stored, in order. The generator paces batches on
// a fixed schedule (batch k is due at k × interval) and notes when each was sent, so that a
// delivery's latency is its arrival time less its batch's send time.

/** One stored event, as the generator learnt it from the admin endpoint's answer. */
export interface SentEvent {
  readonly id: string;
  readonly userIndex: number;
  /** `performance.now()` when its batch's request started. */
  readonly sentAt: number;
}

export interface GeneratorReport {
  readonly events: SentEvent[];
  readonly batches: number;
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
  readonly batchSize: number;
  readonly intervalMs: number;
  readonly batches: number;
  /** Requests in flight at once: a slow store shows as lag, not as a slower schedule. */
  readonly maxInFlight: number;
  /** Text in each action's bio, to tell runs apart in ads-api's store. */
  readonly label: string;
}

interface AnsweredEvent {
  id: string;
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
): Promise<{ id: string; userIndex: number }[]> {
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
      return { id: event.id, userIndex: index };
    });
  }
  return events.map((event, k) => ({
    id: event.id,
    userIndex: indexOfUser.get(event.for_user_id ?? event.forUserId ?? "") ?? userIndexes[k] ?? -1,
  }));
}

/** Sends `batches` batches of `batchSize` actions, one every `intervalMs`. */
export async function runGenerator(options: GeneratorOptions): Promise<GeneratorReport> {
  const events: SentEvent[] = [];
  const requestMs: number[] = [];
  const lagMs: number[] = [];
  const failures: string[] = [];
  let unstored = 0;
  let sequence = 0;
  const inFlight = new Set<Promise<void>>();
  const start = performance.now();
  for (let batch = 0; batch < options.batches; batch++) {
    const due = start + batch * options.intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    while (inFlight.size >= options.maxInFlight) await Promise.race(inFlight);
    const userIndexes = Array.from(
      { length: options.batchSize },
      () => sequence++ % options.userIds.length,
    );
    const sentAt = performance.now();
    lagMs.push(sentAt - due);
    const request = postActions(options.url, options.userIds, userIndexes, options.label)
      .then((stored) => {
        requestMs.push(performance.now() - sentAt);
        unstored += userIndexes.length - stored.length;
        for (const event of stored) events.push({ ...event, sentAt });
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
    batches: options.batches,
    unstored,
    requestMs,
    lagMs,
    elapsedMs: performance.now() - start,
    failures,
  };
}
