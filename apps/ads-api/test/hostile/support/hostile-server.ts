import type { DatabaseTarget } from "@adsgraph/storage";
import { startTestServer } from "../../support/server.js";
import type { TestServer, TestServerOptions } from "../../support/server.js";
import { logCollector } from "./refusals.js";

export interface HostileServer extends TestServer {
  /** Everything the server logged so far (info level: one line per request and answer). */
  logs(): string;
}

/** The real server for a hostile-input file, logging at info level into memory. */
export async function startHostileServer(
  engine: DatabaseTarget["engine"],
  options: Omit<TestServerOptions, "logLevel" | "logStream"> = {},
): Promise<HostileServer> {
  const sink = logCollector();
  const server = await startTestServer(engine, {
    ...options,
    logLevel: "info",
    logStream: sink.stream,
  });
  return Object.assign(server, { logs: sink.text });
}
