import { Writable } from "node:stream";
import { DEMO, type RunningServer } from "@adsgraph/ads-api";
import type { DatabaseTarget } from "@adsgraph/storage";
import { startAdsApi } from "../../support/ads-api.js";
import { startFacade, type RunningFacade } from "../../support/facade.js";

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
 * ads-api (seeded with the demo data) and the facade over it, both on one engine and both
 * logging at info level into memory; a session of the demo user. Like `startStack` in
 * ../support/ads-api.ts, plus the two servers' logs.
 */
export interface HostileStack {
  readonly adsApi: RunningServer;
  readonly facade: RunningFacade;
  /** The demo user's session token (send as `Authorization: Bearer` or the session cookie). */
  readonly sessionToken: string;
  /**
   * Requests ads-api served since the last `resetServed()`, leaving out those to the endpoints
   * named (reads that other parts of the operation need).
   */
  served(except?: readonly string[]): number;
  resetServed(): void;
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
  const adsApi = await startAdsApi({ engine, logStream: adsLogs.stream, logLevel: "info" });
  const facade = await startFacade({
    engine,
    logStream: facadeLogs.stream,
    env: {
      ...adsApi.env,
      LOG_LEVEL: "info",
      // Every read asks upstream, so `served()` counts what each input costs.
      SNAPSHOT_FRESH_SECONDS_ENTITY: "0",
      SNAPSHOT_FRESH_SECONDS_REFERENCE: "0",
    },
  });
  const { token } = await facade.services.sessions.create({
    userId: DEMO.user.id,
    screenName: DEMO.user.screenName,
    accessToken: DEMO.accessToken.token,
    accessTokenSecret: DEMO.accessToken.secret,
  });
  const post = async (body: unknown, headers: Readonly<Record<string, string>> = {}) => {
    const response = await fetch(facade.url, {
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
    adsApi: adsApi.server,
    facade,
    sessionToken: token,
    served: (except = []) =>
      Object.entries(adsApi.served().byEndpoint)
        .filter(([endpointId]) => !except.includes(endpointId))
        .reduce((sum, [, count]) => sum + count, 0),
    resetServed: () => {
      adsApi.reset();
    },
    post,
    query: (query, variables) =>
      post({ query, ...(variables && { variables }) }, { authorization: `Bearer ${token}` }),
    adsApiLogs: adsLogs.text,
    facadeLogs: facadeLogs.text,
    close: async () => {
      await facade.close();
      await adsApi.close();
    },
  };
}

export { DEMO };
