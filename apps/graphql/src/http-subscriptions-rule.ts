import { OperationTypeNode, type ValidationRule } from "graphql";
import { requestError } from "./errors/graphql-errors.js";

/** What a client that sent a subscription over plain HTTP is told to do instead. */
export const SUBSCRIPTION_TRANSPORT_HINT =
  "Subscriptions run over WebSocket: connect to this same /graphql URL with the " +
  "graphql-transport-ws protocol (graphql-ws), sending the session token as " +
  'connectionParams `{ "authorization": "Bearer <session token>" }`.';

/**
 * Apollo Server executes no subscription over HTTP (graphql-js would fail it while executing,
 * an internal error without a code). Such an operation is refused as invalid (400) before
 * execution, naming the transport that serves it.
 */
export const httpSubscriptionsRule: ValidationRule = (context) => ({
  OperationDefinition(node) {
    if (node.operation !== OperationTypeNode.SUBSCRIPTION) return;
    context.reportError(requestError(SUBSCRIPTION_TRANSPORT_HINT, node));
  },
});
