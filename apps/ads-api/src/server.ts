import Fastify, { type FastifyInstance } from "fastify";
import type { Env } from "./env.js";
import { registerHealthRoutes } from "./routes/health.js";

export interface ServerOptions {
  logLevel?: Env["LOG_LEVEL"];
}

/** The ads-api app on Fastify, not yet listening (tests call `listen` on port 0). */
export function buildServer({ logLevel = "info" }: ServerOptions = {}): FastifyInstance {
  const app = Fastify({ logger: { level: logLevel } });
  registerHealthRoutes(app);
  return app;
}
