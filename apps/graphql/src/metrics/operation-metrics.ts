import type { ApolloServerPlugin, BaseContext, GraphQLRequestContext } from "@apollo/server";
import { getOperationAST } from "graphql";
import { Counter, Histogram, type Registry } from "prom-client";
import { ANONYMOUS, createOperationLabels } from "./operation-labels.js";

/** Seconds: a reference read answers in milliseconds, a large page in seconds. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

type Outcome = "ok" | "error" | "rejected";

/** The operation a request ran, or the one its document names when it was refused before. */
function operationOf<C extends BaseContext>(context: GraphQLRequestContext<C>) {
  if (context.operation !== undefined) return context.operation;
  if (context.document === undefined) return undefined;
  return getOperationAST(context.document, context.request.operationName) ?? undefined;
}

/**
 * `adsgraph_graphql_operations_total{operation,type,outcome}` and
 * `adsgraph_graphql_operation_duration_seconds` (same labels): every operation Apollo handles,
 * by name (bounded: operation-labels.ts), type (`query`, `mutation`; `unknown` when it could
 * not be told) and outcome: `ok` (no error), `error` (executed, with errors in the answer) or
 * `rejected` (never executed: unparsable, invalid, an unknown persisted query). Answers served
 * whole by the response cache never reach Apollo (counted apart, facade-metrics.ts).
 */
export function operationMetricsPlugin<C extends BaseContext>(
  registry: Registry,
): ApolloServerPlugin<C> {
  const labelOf = createOperationLabels();
  const labelNames = ["operation", "type", "outcome"] as const;
  const operations = new Counter({
    name: "adsgraph_graphql_operations_total",
    help: "GraphQL operations by name (the first 200 distinct names; later ones are `other`), type and outcome (ok, error, rejected)",
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "adsgraph_graphql_operation_duration_seconds",
    help: "Time from an operation's start in Apollo to its answer, by name, type and outcome",
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  return {
    requestDidStart() {
      const started = performance.now();
      let executed = false;
      return Promise.resolve({
        executionDidStart() {
          executed = true;
          return Promise.resolve();
        },
        willSendResponse(context) {
          const { body } = context.response;
          const errors =
            body.kind === "single" ? body.singleResult.errors : body.initialResult.errors;
          const outcome: Outcome = !executed
            ? "rejected"
            : errors !== undefined && errors.length > 0
              ? "error"
              : "ok";
          const operation = operationOf(context);
          const labels = {
            operation: labelOf(
              operation === undefined ? undefined : (operation.name?.value ?? ANONYMOUS),
            ),
            type: operation?.operation ?? "unknown",
            outcome,
          };
          operations.inc(labels);
          durations.observe(labels, (performance.now() - started) / 1000);
          return Promise.resolve();
        },
      });
    },
  };
}
