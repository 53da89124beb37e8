import type { Catalog, EndpointId, EndpointParams, EndpointResult } from "@adsgraph/models";

/** Top-level array parameters also accept readonly arrays (the client never mutates them). */
type AcceptReadonly<P> = {
  [K in keyof P]: P[K] extends infer V ? (V extends Array<infer U> ? V | readonly U[] : V) : never;
};

/** Parameters of an endpoint by wire name, exactly as the catalog (and the spec) names them. */
export type ParamsOf<Id extends EndpointId> = AcceptReadonly<EndpointParams<Catalog[Id]>>;
/** What an endpoint answers (the §2.1 envelope for advertising endpoints). */
export type ResultOf<Id extends EndpointId> = EndpointResult<Catalog[Id]>;

/**
 * Endpoints answering with a persistent stream. The catalog's entry type does not carry its
 * response kind, so this list is written here; `resources.test.ts` checks it against the catalog.
 */
export type StreamEndpointId = "activity.stream";

/** Messages of a streaming endpoint; `close()` (or leaving a `for await`) ends the stream. */
export interface MessageStream<T> extends AsyncIterable<T> {
  close(): void;
}

/** What a call resolves with: the answer, or a stream of its messages. */
export type CallResult<Id extends EndpointId> = Id extends StreamEndpointId
  ? MessageStream<ResultOf<Id>>
  : ResultOf<Id>;
