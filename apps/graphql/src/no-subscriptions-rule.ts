import { GraphQLError, OperationTypeNode, type ValidationRule } from "graphql";

/**
 * graphql-js validates a subscription against a schema without a subscription type and only
 * fails when executing it, with an error that carries no code (an internal error). The schema
 * has no subscriptions, so such an operation is refused as invalid (400) before execution.
 */
export const noSubscriptionsRule: ValidationRule = (context) => ({
  OperationDefinition(node) {
    if (node.operation !== OperationTypeNode.SUBSCRIPTION) return;
    if (context.getSchema().getSubscriptionType()) return;
    context.reportError(
      new GraphQLError("This API has no subscriptions: send a query or a mutation.", {
        nodes: node,
      }),
    );
  },
});
