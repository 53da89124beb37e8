import { ApolloServer } from "@apollo/server";
import fastifyApollo, { fastifyApolloDrainPlugin } from "@as-integrations/fastify";
import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import Fastify, { type FastifyInstance } from "fastify";
import { createContext, type GraphQLContext } from "./context.js";
import type { Database } from "./db/database.js";
import type { Env } from "./env.js";
import { formatError } from "./errors.js";
import { playgroundPlugin, type PlaygroundOptions } from "./playground.js";
import { QUERY_LIMITS } from "./query-limits.js";
import { schema } from "./schema/index.js";

export interface ServerOptions {
  db: Database;
  logLevel?: Env["LOG_LEVEL"];
  playground?: PlaygroundOptions;
}

/** The GraphQL app on Fastify, not yet listening (tests call `listen` on port 0). */
export async function buildServer({
  db,
  logLevel = "info",
  playground,
}: ServerOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: logLevel } });
  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    formatError,
    includeStacktraceInErrorResponses: false,
    // "Did you mean …" suggestions would leak the schema where introspection is refused.
    hideSchemaDetailsFromClientErrors: true,
    validationRules: [
      // Reported as a validation error (400); armor's default throws, which Apollo turns into a 500.
      maxAliasesRule({
        n: QUERY_LIMITS.aliases,
        exposeLimits: true,
        propagateOnRejection: false,
        onReject: [(context, error) => context?.reportError(error)],
      }),
    ],
    plugins: [fastifyApolloDrainPlugin(app), playgroundPlugin(playground)],
  });
  await apollo.start();
  await app.register(fastifyApollo(apollo), {
    path: "/graphql",
    context: () => Promise.resolve(createContext(db)),
  });
  return app;
}
