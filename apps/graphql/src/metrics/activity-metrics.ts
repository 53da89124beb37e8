import { Counter, Gauge, type Registry } from "prom-client";
import type { FanOutStats } from "../activity/activity-fanout.js";

/**
 * The activity fan-out, read at each scrape (`services.activity.stats()`):
 * `adsgraph_activity_subscribers` (GraphQL subscriptions open on this replica),
 * `adsgraph_activity_users`, `adsgraph_activity_stream_streaming{role}` and
 * `adsgraph_activity_stream_connected{role}` (1 or 0: whether this replica runs, or hears, the
 * upstream stream; `role` local, holder or follower), and the counters of upstream connections
 * opened, events delivered and repeats dropped.
 */
export function registerActivityMetrics(registry: Registry, stats: () => FanOutStats): void {
  const registers = [registry];
  new Gauge({
    name: "adsgraph_activity_subscribers",
    help: "GraphQL activity subscriptions open on this replica",
    registers,
    collect() {
      this.set(stats().subscribers);
    },
  });
  new Gauge({
    name: "adsgraph_activity_users",
    help: "Users with at least one activity subscription on this replica",
    registers,
    collect() {
      this.set(stats().users);
    },
  });
  new Gauge({
    name: "adsgraph_activity_stream_streaming",
    help: "1 while this replica runs (local, holder) or follows (follower) the upstream activity stream, else 0",
    labelNames: ["role"] as const,
    registers,
    collect() {
      const { role, streaming } = stats();
      this.reset();
      this.set({ role }, streaming ? 1 : 0);
    },
  });
  new Gauge({
    name: "adsgraph_activity_stream_connected",
    help: "1 while the upstream activity stream (or, for a follower, the cluster's channel) is connected, else 0",
    labelNames: ["role"] as const,
    registers,
    collect() {
      const { role, connected } = stats();
      this.reset();
      this.set({ role }, connected ? 1 : 0);
    },
  });
  const total = (name: string, help: string, value: (s: FanOutStats) => number) =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(value(stats()));
      },
    });
  total(
    "adsgraph_activity_stream_connections_total",
    "Upstream activity stream connections this replica opened (one, plus one per reconnect)",
    (s) => s.connections,
  );
  total(
    "adsgraph_activity_events_delivered_total",
    "Activity events delivered to this replica's fan-out",
    (s) => s.delivered,
  );
  total(
    "adsgraph_activity_event_repeats_total",
    "Activity events dropped as repeats (a resumed stream's overlap)",
    (s) => s.repeats,
  );
}
