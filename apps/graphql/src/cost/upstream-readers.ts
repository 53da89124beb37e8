import type { EndpointId } from "@adsgraph/models";
import type { GraphQLField } from "graphql";

// Whether a field's resolver reads upstream, for fields without a fetch rule: its source names
// the request's loaders, client or history (`{ loaders }`, `context.upstream`). Worked out once
// per field. A resolver that reads through a helper taking the context is found by the
// destructured name it passes on; one that reads only its parent's properties is not a reader.
const READS =
  /(?<![.\w])(loaders|upstream|history)\b|\b(context|ctx)\.(loaders|upstream|history)\b/;
// A resolver handing its whole context to a helper may read through it: counted as a reader
// (unplanned unless it has a rule), so the plan stays sound (Account.features did so).
const HANDS_ON_CONTEXT = /[(,]\s*(context|ctx)\s*[,)]/;

const known = new WeakMap<object, boolean>();

/** Whether the field reads upstream (or the snapshot history) when it resolves. */
export function readsUpstream(field: GraphQLField<unknown, unknown>): boolean {
  let reads = known.get(field);
  if (reads === undefined) {
    const extensions = field.extensions as {
      pothosOriginalResolve?: unknown;
      endpoints?: readonly EndpointId[];
    };
    const resolve = extensions.pothosOriginalResolve ?? field.resolve;
    // The Node `id` (relay plugin) hands the context on to encode the id: not a read.
    const nodeId = field.name === "id" && String(field.type) === "ID!";
    reads =
      (extensions.endpoints?.length ?? 0) > 0 ||
      (typeof resolve === "function" &&
        (READS.test(String(resolve)) || (!nodeId && HANDS_ON_CONTEXT.test(String(resolve)))));
    known.set(field, reads);
  }
  return reads;
}

/** The endpoints a field names (`serves`), if any. */
export function endpointsNamed(
  field: GraphQLField<unknown, unknown>,
): readonly EndpointId[] | undefined {
  return (field.extensions as { endpoints?: readonly EndpointId[] }).endpoints;
}
