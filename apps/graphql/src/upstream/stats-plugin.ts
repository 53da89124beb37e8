import type { ApolloServerPlugin } from "@apollo/server";
import type { GraphQLContext } from "../context.js";

/**
 * Adds `extensions.upstream: { requests, withTotalCount, byEndpoint }` to every response (UPSTREAM_STATS=true):
 * how many upstream requests the operation made, for tests and the benchmark.
 */
export function upstreamStatsPlugin(): ApolloServerPlugin<GraphQLContext> {
  return {
    requestDidStart: () =>
      Promise.resolve({
        willSendResponse: ({ response, contextValue }) => {
          if (response.body.kind !== "single") return Promise.resolve();
          const counter = contextValue.requestCounter;
          response.body.singleResult.extensions = {
            ...response.body.singleResult.extensions,
            upstream: {
              requests: counter.total,
              withTotalCount: counter.withTotalCount,
              byEndpoint: counter.byEndpoint(),
            },
          };
          return Promise.resolve();
        },
      }),
  };
}
