export { loadEnv } from "./env.js";
export type { Env } from "./env.js";
export { buildServer } from "./server.js";
export type { ServerOptions } from "./server.js";
