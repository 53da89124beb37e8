import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buildBasicAuthorization } from "@adsgraph/oauth";
import { createTestTarget } from "@adsgraph/storage";
import type { TestTarget } from "@adsgraph/storage";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEMO } from "../src/seed/demo-credentials.js";
import { RawConnection, startAdsApiProcess } from "../testing/index.js";
import type { AdsApiProcess } from "../testing/index.js";
import { StreamReader } from "./support/activity.js";

/** The default grace period (ADS_API_SHUTDOWN_GRACE_MS). */
const GRACE_MS = 10_000;
/**
 * Slack on top of the grace period for the exit itself on a busy 2-core machine. Before the fix
 * an answered kept-alive connection held the process for Fastify's keep-alive timeout (72 s).
 */
const EXIT_MARGIN_MS = 20_000;

/** Nothing the process printed after the signal, but its shutdown lines. */
const shutdownLines = (output: string) =>
  output.split("\n").filter((line) => line.startsWith("ads-api: "));

describe("ads-api shutdown on SIGTERM (issue 34)", () => {
  let dir: string;
  let target: TestTarget;
  let server: AdsApiProcess | undefined;
  const connections: RawConnection[] = [];

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "adsgraph-shutdown-"));
    target = await createTestTarget("pglite", "shutdown");
  });
  afterEach(async () => {
    for (const connection of connections.splice(0)) connection.destroy();
    await server?.kill();
    await target.drop();
    await rm(dir, { recursive: true, force: true });
  });

  async function start(env: Record<string, string>): Promise<AdsApiProcess> {
    server = await startAdsApiProcess({
      database: target.target,
      env: { ADS_API_SECRET_KEY_FILE: path.join(dir, "secret.key"), ...env },
    });
    return server;
  }

  async function connect(origin: string): Promise<RawConnection> {
    const connection = await RawConnection.open(origin);
    connections.push(connection);
    return connection;
  }

  /** A connection kept alive after its answer, idle when the signal comes. */
  async function idleConnection(origin: string): Promise<RawConnection> {
    const idle = await connect(origin);
    idle.get("/health");
    await idle.until(/^HTTP\/1\.1 200[\s\S]*\r\n\r\n/);
    expect(idle.text.toLowerCase()).toContain("connection: keep-alive");
    return idle;
  }

  /**
   * A request the server holds (ADS_API_LATENCY_MS): its `100 Continue` comes when Node hands
   * the request to the app, so it is in flight for sure when this resolves.
   */
  async function requestInFlight(origin: string): Promise<RawConnection> {
    const slow = await connect(origin);
    slow.get("/health", ["Expect: 100-continue"]);
    await slow.until(/^HTTP\/1\.1 100 Continue\r\n\r\n/);
    return slow;
  }

  async function openStream(base: string): Promise<StreamReader> {
    const token = await fetch(`${base}/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: buildBasicAuthorization(DEMO.app.consumerKey, DEMO.app.consumerSecret),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    });
    const { access_token: bearer } = (await token.json()) as { access_token: string };
    const stream = await StreamReader.open({ urls: { base } }, `Bearer ${bearer}`);
    expect(stream.status).toBe(200);
    return stream;
  }

  /** Sends SIGTERM; the exit code and the time to the exit event. */
  async function terminate(
    running: AdsApiProcess,
  ): Promise<{ code: number | null; elapsedMs: number }> {
    const exited = once(running.process, "exit") as Promise<[number | null]>;
    const sent = performance.now();
    running.process.kill("SIGTERM");
    const [code] = await exited;
    return { code, elapsedMs: performance.now() - sent };
  }

  it("answers the request in flight, closes an idle kept-alive connection and an activity stream, and exits 0 within the grace period", async () => {
    const running = await start({ ADS_API_LATENCY_MS: "1500" });
    const base = running.listenUrls.base;
    const stream = await openStream(base);
    const idle = await idleConnection(base);
    const slow = await requestInFlight(base);

    const { code, elapsedMs } = await terminate(running);

    expect(code).toBe(0);
    // The request in flight was answered whole, and told that the connection closes.
    expect(slow.text).toMatch(/HTTP\/1\.1 200 OK/);
    expect(slow.text.toLowerCase()).toContain("connection: close");
    await Promise.all([idle.closed, slow.closed]);
    expect(idle.closedByServer).toBe(true);
    expect(slow.closedByServer).toBe(true);
    // The stream ended (its reader sees the end, not a hang).
    while ((await stream.line()) !== undefined);
    const lines = shutdownLines(running.output());
    expect(lines.join("\n")).toMatch(/SIGTERM: shutting down; 2 request\(s\) or stream\(s\) open/);
    const stopped = lines.find((line) => line.includes("stopped after"));
    expect(stopped).toMatch(/\(drained\)$/);
    expect(Number(/stopped after (\d+) ms/.exec(stopped ?? "")?.[1])).toBeLessThan(GRACE_MS);
    expect(elapsedMs).toBeLessThan(GRACE_MS + EXIT_MARGIN_MS);
  });

  it("cuts a request still running at the end of the grace period, then exits 0", async () => {
    // A request that would take a minute, against a grace period of half a second.
    const running = await start({ ADS_API_LATENCY_MS: "60000", ADS_API_SHUTDOWN_GRACE_MS: "500" });
    const base = running.listenUrls.base;
    const idle = await connect(base);
    const slow = await requestInFlight(base);

    const { code, elapsedMs } = await terminate(running);

    expect(code).toBe(0);
    await slow.closed;
    // Cut, never answered.
    expect(slow.text).not.toMatch(/HTTP\/1\.1 200/);
    await idle.closed;
    const lines = shutdownLines(running.output()).join("\n");
    expect(lines).toMatch(/grace period over: cut \d+ open connection\(s\)/);
    expect(lines).toMatch(/stopped after \d+ ms \(\d+ connection\(s\) cut\)/);
    expect(elapsedMs).toBeLessThan(500 + EXIT_MARGIN_MS);
  });
});
