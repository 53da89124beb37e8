import path from "node:path";
import { applyMigrations, createAdapter, type DatabaseTarget } from "@adsgraph/storage";
import { PrismaClient } from "../generated/prisma/client.js";

const migrationsDir = path.resolve(import.meta.dirname, "..", "..", "prisma", "migrations");

export interface Database {
  prisma: PrismaClient;
  engine: DatabaseTarget["engine"];
  /** Names of the migrations this open applied (empty when the schema was current). */
  migrationsApplied: string[];
  close(): Promise<void>;
}

/** Opens the database for a target and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  const prisma = new PrismaClient({ adapter: createAdapter(target) });
  try {
    const migrationsApplied = await applyMigrations(prisma, migrationsDir);
    return {
      prisma,
      engine: target.engine,
      migrationsApplied,
      close: () => prisma.$disconnect(),
    };
  } catch (error) {
    await prisma.$disconnect();
    throw error;
  }
}
