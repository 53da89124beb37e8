import { PrismaClient } from "../generated/prisma/client.js";
import { createAdapter, type DatabaseTarget } from "./adapter.js";
import { applyMigrations } from "./migrate.js";

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
    const migrationsApplied = await applyMigrations(prisma);
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
