import { ApolloServer } from "@apollo/server";
import { ApolloServerPluginLandingPageDisabled } from "@apollo/server/plugin/disabled";
import fastifyApollo, { fastifyApolloDrainPlugin } from "@as-integrations/fastify";
import Fastify, { type FastifyInstance } from "fastify";
import { createContext, type GraphQLContext } from "./context.js";
import type { Database } from "./db/database.js";
import type { Env } from "./env.js";
import { schema } from "./schema/index.js";

export interface ServerOptions {
  db: Database;
  logLevel?: Env["LOG_LEVEL"];
}

/** The GraphQL app on Fastify, not yet listening (tests call `inject` or `listen` on it). */
export async function buildServer({
  db,
  logLevel = "info",
}: ServerOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: logLevel } });
  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    // Apollo's default landing page loads from a CDN, which fails offline; a local playground
    // replaces it in a later issue.
    plugins: [fastifyApolloDrainPlugin(app), ApolloServerPluginLandingPageDisabled()],
  });
  await apollo.start();
  await app.register(fastifyApollo(apollo), {
    path: "/graphql",
    context: () => Promise.resolve(createContext(db)),
  });
  return app;
}
