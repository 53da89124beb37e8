/**
 * What one operation may cost before it is refused (docs/graphql.md "Query limits"). Aliases multiply
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
  /**
   * Levels of `{`, `[` and `(` in one document, checked on its text before parsing: graphql-js'
   * parser recurses per level and overflows the call stack at a few thousand, well within the
   * token limit. Twelve levels of fields, each in an inline fragment, with arguments, stay far
   * below it.
   */
  nesting: 64,
} as const;
