import { Prisma } from "../generated/prisma/client.js";

/** SQLSTATE unique_violation. */
const UNIQUE_VIOLATION = "23505";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * A write refused by a unique index: what a partial unique index of a migration says when a
 * second live row would break it. The node-postgres adapter's error reaches Prisma's mapping
 * (P2002); PGlite's arrives as a driver adapter error carrying PostgreSQL's SQLSTATE.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError) return error.code === "P2002";
  if (!isRecord(error) || error.name !== "DriverAdapterError" || !isRecord(error.cause)) {
    return false;
  }
  const { kind, code } = error.cause;
  return kind === "UniqueConstraintViolation" || (kind === "postgres" && code === UNIQUE_VIOLATION);
}
