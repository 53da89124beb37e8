import { Writable } from "node:stream";
import type { StartedAdsApi } from "@adsgraph/ads-api/testing";
import type { DatabaseTarget } from "@adsgraph/storage";
import { startStack } from "../../../testing/index.js";
import type { RunningFacade } from "../../../testing/index.js";

/** A log sink: every line a server writes, for the log checks at the end of a file. */
function logSink(): { stream: Writable; text: () => string } {
  const lines: string[] = [];
  return {
    stream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString("utf8"));
        done();
      },
    }),
    text: () => lines.join(""),
  };
}

export interface GraphQLAnswer {
  readonly status: number;
  readonly text: string;
  readonly body: {
    data?: Record<string, unknown> | null;
    errors?: { message: string; path?: unknown[]; extensions?: Record<string, unknown> }[];
  };
}

/**
 * The kit's stack (ads-api with the demo data, the facade over it, a session of the demo user)
 * on one engine, both servers logging at info level into memory, every read asking upstream so
 * that ads-api's request log counts what each input costs.
 */
export interface HostileStack {
  readonly adsApi: StartedAdsApi;
  readonly facade: RunningFacade;
  /** The demo user's session token (send as `Authorization: Bearer` or the session cookie). */
  readonly sessionToken: string;
  /** POSTs a GraphQL request body as JSON (anything: the tests send broken ones too). */
  post(body: unknown, headers?: Readonly<Record<string, string>>): Promise<GraphQLAnswer>;
  /** One operation as the demo user. */
  query(query: string, variables?: Record<string, unknown>): Promise<GraphQLAnswer>;
  adsApiLogs(): string;
  facadeLogs(): string;
  close(): Promise<void>;
}

export async function startHostileStack(engine: DatabaseTarget["engine"]): Promise<HostileStack> {
  const adsLogs = logSink();
  const facadeLogs = logSink();
  const stack = await startStack({
    engine,
    adsApi: { logStream: adsLogs.stream, logLevel: "info" },
    facade: {
      logStream: facadeLogs.stream,
      env: {
        LOG_LEVEL: "info",
        SNAPSHOT_FRESH_SECONDS_ENTITY: "0",
        SNAPSHOT_FRESH_SECONDS_REFERENCE: "0",
      },
    },
  });
  const post = async (body: unknown, headers: Readonly<Record<string, string>> = {}) => {
    const response = await fetch(stack.facade.url, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: GraphQLAnswer["body"] = {};
    try {
      parsed = JSON.parse(text) as GraphQLAnswer["body"];
    } catch {
      // Not JSON: the assertions read `text` and `status`.
    }
    return { status: response.status, text, body: parsed };
  };
  return {
    adsApi: stack.adsApi,
    facade: stack.facade,
    sessionToken: stack.sessionToken,
    post,
    query: (query, variables) => post({ query, ...(variables && { variables }) }, stack.headers),
    adsApiLogs: adsLogs.text,
    facadeLogs: facadeLogs.text,
    close: () => stack.close(),
  };
}
