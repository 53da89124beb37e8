import type { Context } from "@opentelemetry/api";

/** How one request's loaders are made. */
export interface LoaderOptions {
  /** DataLoader batching (LOADERS); off, each load is a request of its own. */
  readonly batching: boolean;
  /** The operation span's context when the request is traced: the parent of every batch's span. */
  readonly traceParent?: Context | undefined;
}
