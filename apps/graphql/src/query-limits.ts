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
} as const;
