/**
 * Options for every interactive `$transaction`. Prisma's defaults (2 s to start, 5 s to
 * finish) fail on a loaded machine: on 2 busy cores, or with PGlite running one query at a
 * time, a transaction can wait its turn for longer than that and then roll back a correct
 * write (issue 12). The limits stay only as a guard against a transaction that never ends.
 */

/** A request's transaction: minutes, far beyond any client's own timeout. */
export const REQUEST_TRANSACTION = { maxWait: 60_000, timeout: 120_000 } as const;

/** Start-up and CLI work (seeds, bulk inserts): no deadline a slow machine could meet. */
export const STARTUP_TRANSACTION = { maxWait: 600_000, timeout: 1_800_000 } as const;
