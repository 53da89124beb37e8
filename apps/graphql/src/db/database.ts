import path from "node:path";
import {
  openMigratedDatabase,
  type Database as StorageDatabase,
  type DatabaseTarget,
} from "@adsgraph/storage";
import { PrismaClient } from "../generated/prisma/client.js";

/** The facade's migrations (also the key of the tests' migrated PGlite template). */
export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, "..", "..", "prisma", "migrations");

export type Database = StorageDatabase<PrismaClient>;

/**
 * Opens the facade's database for a target and brings its schema up to date.
 * Every `$transaction` of its client has storage's TRANSACTION_OPTIONS (minutes, not 5 s).
 */
export function openDatabase(target: DatabaseTarget): Promise<Database> {
  return openMigratedDatabase((options) => new PrismaClient(options), target, MIGRATIONS_DIR);
}
