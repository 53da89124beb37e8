export { execute } from "./client.js";
export type { GraphQLResponse } from "./client.js";
export { HealthQuery } from "./documents.js";
