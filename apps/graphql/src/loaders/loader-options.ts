import type { Context } from "@opentelemetry/api";
import type { SnapshotMarked } from "./resource-reads.js";
import type { StatsSnapshots } from "../snapshots/stats-snapshots.js";

/** How one request's loaders are made. */
export interface LoaderOptions {
  /** DataLoader batching (LOADERS); off, each load is a request of its own. */
  readonly batching: boolean;
  /** The operation span's context when the request is traced: the parent of every batch's span. */
  readonly traceParent?: Context | undefined;
  /** The request's stats snapshots (issue 36); none: every stats read asks upstream. */
  readonly statsSnapshots?: StatsSnapshots | undefined;
  /** Which upstream objects a snapshot answered in this request; none when not given. */
  readonly marked?: SnapshotMarked | undefined;
}
