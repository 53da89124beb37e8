import { InMemoryCache } from "@apollo/client";
import { relayStylePagination } from "@apollo/client/utilities";
import possibleTypes from "./generated/possible-types.js";

/**
 * The app's one cache construction. Interfaces and unions come from the schema (codegen's
 * fragment matcher); the paging policy is the one connection this app pages. When
 * `@adsgraph/client-cache` lands this file becomes `export { createCache } from
 * "@adsgraph/client-cache";` and both lines below go away.
 */
export function createCache(): InMemoryCache {
  return new InMemoryCache({
    possibleTypes: possibleTypes.possibleTypes,
    typePolicies: {
      Account: { fields: { campaigns: relayStylePagination() } },
    },
  });
}
