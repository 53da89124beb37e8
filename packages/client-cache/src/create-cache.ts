import { InMemoryCache, type InMemoryCacheConfig } from "@apollo/client/cache";
import { typePolicies } from "./generated/type-policies.js";
import { possibleTypes } from "./possible-types.js";

/** What a caller may still tune; the schema's configuration itself is not theirs to replace. */
export type CacheOptions = Omit<InMemoryCacheConfig, "possibleTypes" | "typePolicies">;

/** An Apollo Client cache configured for the graph: the generated possibleTypes and typePolicies. */
export function createCache(options: CacheOptions = {}): InMemoryCache {
  return new InMemoryCache({ ...options, possibleTypes, typePolicies });
}
