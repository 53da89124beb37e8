import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TRANSACTION_OPTIONS, openMigratedDatabase } from "./database.js";
import type { ClientOptions } from "./database.js";
import type { MigratableClient } from "./migrate.js";

/** A target the fake client never connects to (the adapter connects on first use only). */
const TARGET = { engine: "postgresql", url: "postgresql://127.0.0.1:1/never" } as const;

interface FakeClient extends MigratableClient {
  $disconnect(): Promise<void>;
  readonly options: ClientOptions;
  disconnected: boolean;
}

/** Stands in for an app's `new PrismaClient(options)`; `failing` makes every statement fail. */
function fakeClient(options: ClientOptions, failing = false): FakeClient {
  const execute = () => (failing ? Promise.reject(new Error("refused")) : Promise.resolve(0));
  const client: FakeClient = {
    options,
    disconnected: false,
    $executeRawUnsafe: execute,
    $queryRawUnsafe: <T>() => Promise.resolve([] as T),
    $transaction: (fn) => fn({ $executeRawUnsafe: execute }),
    $disconnect: () => {
      client.disconnected = true;
      return Promise.resolve();
    },
  };
  return client;
}

describe("openMigratedDatabase", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "open-"));
    await mkdir(path.join(dir, "20260101000000_a"));
    await writeFile(path.join(dir, "20260101000000_a", "migration.sql"), 'CREATE TABLE "a" ();\n');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("constructs the client with transaction limits of minutes, not Prisma's 2 s / 5 s (issue 12)", async () => {
    const db = await openMigratedDatabase((options) => fakeClient(options), TARGET, dir);
    const given = db.prisma.options;
    expect(given.transactionOptions).toEqual(TRANSACTION_OPTIONS);
    expect(given.transactionOptions.maxWait).toBeGreaterThanOrEqual(60_000);
    expect(given.transactionOptions.timeout).toBeGreaterThanOrEqual(10 * 60_000);
    expect(given.adapter.provider).toBe("postgres");
    // The migrations ran through that client, so their transactions have the same limits.
    expect(db.migrationsApplied).toEqual(["20260101000000_a"]);
    await db.close();
    expect(db.prisma.disconnected).toBe(true);
  });

  it("closes the client again when a migration fails", async () => {
    let client: FakeClient | undefined;
    const opening = openMigratedDatabase(
      (options) => (client = fakeClient(options, true)),
      TARGET,
      dir,
    );
    await expect(opening).rejects.toThrow("refused");
    expect(client?.disconnected).toBe(true);
  });
});
