// Joins what the activity fan-out generator sent with what each subscriber received: latency of
// every delivery (arrival − its batch's send time), deliveries lost, duplicated, misrouted, and
// how latency moved over the run (a system that cannot keep up shows latency growing with time).
import type { SentEvent } from "./activity-generator.js";
import type { Subscriber } from "./activity-subscribers.js";
import { percentile, round1 } from "./stats.js";

export interface LatencyFigures {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

function latencyFigures(values: readonly number[]): LatencyFigures {
  const sum = values.reduce((total, value) => total + value, 0);
  return {
    p50: round1(percentile(values, 50)),
    p90: round1(percentile(values, 90)),
    p99: round1(percentile(values, 99)),
    max: round1(percentile(values, 100)),
    mean: round1(values.length === 0 ? Number.NaN : sum / values.length),
  };
}

export interface DeliveryFigures {
  eventsStored: number;
  expectedDeliveries: number;
  received: number;
  lost: number;
  duplicates: number;
  /** Deliveries of an event of another user (must be 0). */
  misrouted: number;
  /** Deliveries whose id no generator answer named (probes excluded). */
  unknown: number;
  /** Subscribers that received an id lower than one they had (the stream is in id order). */
  outOfOrderSubscribers: number;
  latencyMs: LatencyFigures;
  /** From the time the schedule wanted the event sent: adds the wait in the generator while the store was busy. */
  latencyFromDueMs: LatencyFigures;
  /** From the first send to the last arrival. */
  deliverySeconds: number;
  deliveriesPerSecond: number;
  /** Per second of the run (by due time): deliveries due then, their p50 and max latency from send. */
  bySecond: { second: number; deliveries: number; p50Ms: number; maxMs: number }[];
  /** Subscribers that missed at least one delivery, and a few of the events they missed. */
  subscribersMissing: number;
  missingSample: { subscriber: number; userId: string; missing: number; ids: string[] }[];
}

export function analyseDeliveries(
  sent: readonly SentEvent[],
  probeIds: ReadonlySet<string>,
  subscribers: readonly Subscriber[],
): DeliveryFigures {
  const byId = new Map(sent.map((event) => [event.id, event]));
  const start = sent.reduce((least, event) => Math.min(least, event.dueAt), Infinity);
  const perUser = new Map<number, number>();
  for (const subscriber of subscribers) {
    perUser.set(subscriber.userIndex, (perUser.get(subscriber.userIndex) ?? 0) + 1);
  }
  const eventsOfUser = new Map<number, string[]>();
  for (const event of sent) {
    const list = eventsOfUser.get(event.userIndex) ?? [];
    list.push(event.id);
    eventsOfUser.set(event.userIndex, list);
  }
  const latencies: number[] = [];
  const fromDue: number[] = [];
  const seconds = new Map<number, number[]>();
  let duplicates = 0;
  let misrouted = 0;
  let unknown = 0;
  let outOfOrderSubscribers = 0;
  let lastArrival = start;
  let subscribersMissing = 0;
  const missingSample: DeliveryFigures["missingSample"] = [];
  for (const subscriber of subscribers) {
    const seen = new Set<string>();
    let previous = -1n;
    let outOfOrder = false;
    for (const [k, id] of subscriber.ids.entries()) {
      const at = subscriber.times[k] ?? Number.NaN;
      const numeric = BigInt(id);
      if (numeric < previous) outOfOrder = true;
      previous = numeric;
      if (probeIds.has(id)) continue;
      const event = byId.get(id);
      if (event === undefined) unknown += 1;
      else if (event.userIndex !== subscriber.userIndex) misrouted += 1;
      else if (seen.has(id)) duplicates += 1;
      else {
        seen.add(id);
        const latency = at - event.sentAt;
        latencies.push(latency);
        fromDue.push(at - event.dueAt);
        const second = Math.floor((event.dueAt - start) / 1000);
        const bucket = seconds.get(second) ?? [];
        bucket.push(latency);
        seconds.set(second, bucket);
        lastArrival = Math.max(lastArrival, at);
      }
    }
    if (outOfOrder) outOfOrderSubscribers += 1;
    const wanted = eventsOfUser.get(subscriber.userIndex) ?? [];
    if (seen.size < wanted.length) {
      subscribersMissing += 1;
      if (missingSample.length < 10) {
        const missed = wanted.filter((id) => !seen.has(id));
        missingSample.push({
          subscriber: subscriber.index,
          userId: subscriber.userId,
          missing: missed.length,
          ids: missed.slice(0, 5),
        });
      }
    }
  }
  const expectedDeliveries = sent.reduce(
    (sum, event) => sum + (perUser.get(event.userIndex) ?? 0),
    0,
  );
  const deliverySeconds = (lastArrival - start) / 1000;
  return {
    eventsStored: sent.length,
    expectedDeliveries,
    received: latencies.length,
    lost: expectedDeliveries - latencies.length,
    duplicates,
    misrouted,
    unknown,
    outOfOrderSubscribers,
    latencyMs: latencyFigures(latencies),
    latencyFromDueMs: latencyFigures(fromDue),
    deliverySeconds: round1(deliverySeconds),
    deliveriesPerSecond: Math.round(latencies.length / Math.max(deliverySeconds, 0.001)),
    bySecond: [...seconds.entries()]
      .sort(([a], [b]) => a - b)
      .map(([second, values]) => ({
        second,
        deliveries: values.length,
        p50Ms: round1(percentile(values, 50)),
        maxMs: round1(percentile(values, 100)),
      })),
    subscribersMissing,
    missingSample,
  };
}
