export { connectionPagination } from "./connection-pagination.js";
export { createCache } from "./create-cache.js";
export type { CacheOptions } from "./create-cache.js";
export { typePolicies } from "./generated/type-policies.js";
export { possibleTypes } from "./possible-types.js";
