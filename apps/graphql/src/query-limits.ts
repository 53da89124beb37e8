import { GraphQLError } from "graphql";
import { ERROR_CODES } from "./errors.js";

/**
 * What one operation may cost before it is refused (README "Query limits"). Aliases multiply
 * upstream work and get around per-field rate limits, so they are capped too.
 */
export const QUERY_LIMITS = {
  /** Sum of field costs, with `first`/`count` arguments as multipliers. */
  complexity: 20_000,
  /** Nesting levels. */
  depth: 12,
  /** Fields selected in one operation. */
  breadth: 300,
  /** Aliases in one operation. */
  aliases: 30,
  /** Multiplier for a list field with no size argument. */
  defaultListMultiplier: 10,
  /**
   * Tokens in one document (graphql-js stops parsing past it): validation time grows faster
   * than the document, and 300 fields with their arguments and fragments stay far below it.
   */
  tokens: 10_000,
} as const;

/** The error of an operation past one of the complexity, depth or breadth limits (400). */
export function queryLimitError(
  limit: "complexity" | "depth" | "breadth",
  max: number | undefined,
  actual: number,
): GraphQLError {
  return new GraphQLError(
    `Query exceeds the ${limit} limit of ${String(max)} (this query: ${actual}). ` +
      (limit === "complexity"
        ? "Ask for fewer items (`first`) or fewer fields."
        : limit === "depth"
          ? "Nest fewer levels."
          : "Select fewer fields."),
    { extensions: { code: ERROR_CODES.QUERY_LIMIT_EXCEEDED, limit, max, actual } },
  );
}
