import { trace } from "@opentelemetry/api";

/**
 * The facade's own spans (GraphQL operations, loader batches). Through the API: without a
 * started SDK it is the API's no-op tracer (no span is recorded, nothing is exported).
 */
export const tracer = trace.getTracer("@adsgraph/graphql");
