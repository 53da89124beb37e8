import { ApolloClient, ApolloLink, HttpLink } from "@apollo/client";
import { GraphQLWsLink } from "@apollo/client/link/subscriptions";
import { OperationTypeNode } from "graphql";
import { createClient, type Client } from "graphql-ws";
import { createCache } from "./cache.js";

/** The WebSocket half: the browser sends the session cookie on the upgrade (same origin). */
export const wsClient: Client = createClient({
  url: `${window.location.origin.replace(/^http/, "ws")}/graphql`,
  lazy: true,
});

/** Queries and mutations over HTTP, subscriptions over graphql-ws; one cache for both. */
export const client = new ApolloClient({
  link: ApolloLink.split(
    (operation) => operation.operationType === OperationTypeNode.SUBSCRIPTION,
    new GraphQLWsLink(wsClient),
    new HttpLink({ uri: "/graphql" }),
  ),
  cache: createCache(),
});
