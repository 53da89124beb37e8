import path from "node:path";
import {
  openMigratedDatabase,
  type Database as StorageDatabase,
  type DatabaseTarget,
} from "@adsgraph/storage";
import { PrismaClient } from "../generated/prisma/client.js";

/** ads-api's migrations (also the key of the tests' migrated PGlite template). */
export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, "..", "..", "prisma", "migrations");

import type { Prisma } from "../generated/prisma/client.js";

export type { PrismaClient, Prisma };
/** The client inside `prisma.$transaction(async (tx) => ...)`. */
export type Tx = Prisma.TransactionClient;
/** Either the client or a transaction: what repository functions accept. */
export type Db = PrismaClient | Tx;

export type Database = StorageDatabase<PrismaClient>;

/**
 * Opens ads-api's database for a target and brings its schema up to date.
 * Every `$transaction` of its client has storage's TRANSACTION_OPTIONS (minutes, not 5 s).
 */
export function openDatabase(target: DatabaseTarget): Promise<Database> {
  return openMigratedDatabase((options) => new PrismaClient(options), target, MIGRATIONS_DIR);
}
