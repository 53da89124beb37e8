import { randomBytes } from "node:crypto";
import { createTestTarget } from "@adsgraph/storage";
import type { DatabaseTarget, TestTarget } from "@adsgraph/storage";
import { DEFAULT_LIMITS } from "../../src/config.js";
import type { Limits } from "../../src/config.js";
import type { AppContext } from "../../src/context.js";
import { openDatabase } from "../../src/db/database.js";
import type { Database } from "../../src/db/database.js";
import { startServer } from "../../src/server.js";
import type { RunningServer } from "../../src/server.js";

export interface TestServer {
  readonly engine: DatabaseTarget["engine"];
  readonly server: RunningServer;
  readonly ctx: AppContext;
  readonly db: Database;
  /** The one key the server's secrets are sealed with. */
  readonly secretKey: Buffer;
  readonly urls: RunningServer["urls"];
  close(): Promise<void>;
}

export interface TestServerOptions {
  readonly limits?: Partial<Limits>;
  readonly latencyMs?: number;
  readonly clock?: () => Date;
  /** Capture logs at this level (default: silent). */
  readonly logLevel?: "info" | "debug" | "trace";
  readonly logStream?: NodeJS.WritableStream;
}

/** A movable clock for tests (poll closing, request token expiry). */
export function testClock(): { now: () => Date; advance: (ms: number) => void } {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms) => (offset += ms) };
}

/** The real server on port 0 for all three roles, on a fresh database of one engine. */
export async function startTestServer(
  engine: DatabaseTarget["engine"],
  options: TestServerOptions = {},
): Promise<TestServer> {
  const testTarget: TestTarget = await createTestTarget(engine, "adsapi");
  const db = await openDatabase(testTarget.target);
  const secretKey = randomBytes(32);
  const server = await startServer({
    db,
    secretKey,
    clock: options.clock,
    logStream: options.logStream,
    config: {
      hosts: {
        base: "http://127.0.0.1:0",
        ads: "http://127.0.0.1:0",
        "ads-sandbox": "http://127.0.0.1:0",
      },
      tls: undefined,
      limits: { ...DEFAULT_LIMITS, ...options.limits },
      latencyMs: options.latencyMs ?? 0,
      logLevel: options.logLevel ?? "silent",
    },
  });
  return {
    engine,
    server,
    ctx: server.ctx,
    db,
    secretKey,
    urls: server.urls,
    close: async () => {
      await server.close();
      await db.close();
      await testTarget.drop();
    },
  };
}
