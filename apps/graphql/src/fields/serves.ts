import type { EndpointId } from "@adsgraph/models";

/**
 * Names the catalog endpoints a field is answered from when its resolver reads them through
 * a loader or a stream rather than calling them itself, so `git grep '"<endpoint id>"'`
 * reaches the field (tests/test/endpoint-reach.test.ts). Extensions never reach clients.
 */
export function serves(...endpoints: readonly EndpointId[]): {
  readonly extensions: { readonly endpoints: readonly EndpointId[] };
} {
  return { extensions: { endpoints } };
}
