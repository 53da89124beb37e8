import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { RawConnection } from "@adsgraph/ads-api/testing";
import { createTestTarget } from "@adsgraph/storage";
import type { TestTarget } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startFacadeProcess } from "../testing/index.js";
import type { FacadeProcess } from "../testing/index.js";

/** The default grace period (GRAPHQL_SHUTDOWN_GRACE_MS). */
const GRACE_MS = 10_000;
/** Slack on top of it for the exit itself on a busy 2-core machine. */
const EXIT_MARGIN_MS = 20_000;

/**
 * A scripted ads-api: the request-token call of a sign-in (`POST /oauth/request_token`) is held
 * until the test releases it, so the facade's `GET /auth/login` is in flight for as long as the
 * test wants.
 */
async function heldUpstream() {
  const arrived: (() => void)[] = [];
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(`${request.method ?? ""} ${request.url ?? ""}`);
    for (const wake of arrived.splice(0)) wake();
    void released.then(() => {
      response
        .writeHead(200, { "content-type": "application/x-www-form-urlencoded" })
        .end("oauth_token=held-token&oauth_token_secret=held-secret&oauth_callback_confirmed=true");
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    /** Resolves once a request has arrived. */
    arrival: () =>
      requests.length > 0 ? Promise.resolve() : new Promise<void>((wake) => arrived.push(wake)),
    release,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

describe("facade shutdown on SIGTERM (issue 34)", () => {
  let target: TestTarget;
  let facade: FacadeProcess;
  let upstream: Awaited<ReturnType<typeof heldUpstream>>;
  const connections: RawConnection[] = [];

  beforeAll(async () => {
    upstream = await heldUpstream();
    target = await createTestTarget("pglite", "facade_shutdown");
    facade = await startFacadeProcess({
      database: target.target,
      env: {
        ADS_API_BASE_URL: upstream.origin,
        ADS_API_ADS_URL: upstream.origin,
        ADS_API_SANDBOX_URL: upstream.origin,
        SESSION_ENCRYPTION_KEYS: "11".repeat(32),
        DEV_SESSION: "true",
        LOG_LEVEL: "info",
      },
    });
  });
  afterAll(async () => {
    for (const connection of connections) connection.destroy();
    await facade.kill();
    upstream.close();
    await target.drop();
  });

  it("answers the request in flight, closes an idle kept-alive connection, ends a WebSocket with 1001, and exits 0 within the grace period", async () => {
    const idle = await RawConnection.open(facade.origin);
    connections.push(idle);
    idle.get("/health");
    await idle.until(/^HTTP\/1\.1 \d{3}[\s\S]*?\r\n\r\n/);
    expect(idle.text.toLowerCase()).toContain("connection: keep-alive");

    // A signed-in WebSocket (graphql-transport-ws), acknowledged.
    const socket = new WebSocket(facade.url.replace(/^http/, "ws"), "graphql-transport-ws");
    const closed = once(socket, "close") as Promise<[number, Buffer]>;
    await once(socket, "open");
    socket.send(
      JSON.stringify({
        type: "connection_init",
        payload: { authorization: facade.devSession?.authorization },
      }),
    );
    const [ack] = (await once(socket, "message")) as [Buffer];
    expect(JSON.parse(ack.toString())).toMatchObject({ type: "connection_ack" });

    // A sign-in whose upstream call is held: in flight at the facade.
    const slow = await RawConnection.open(facade.origin);
    connections.push(slow);
    slow.get("/auth/login");
    await upstream.arrival();
    expect(upstream.requests).toEqual(["POST /oauth/request_token"]);

    const exited = once(facade.process, "exit") as Promise<[number | null]>;
    const sent = performance.now();
    facade.process.kill("SIGTERM");
    // Going away, said so, as soon as the shutdown starts.
    const [code, reason] = await closed;
    expect(code).toBe(1001);
    expect(reason.toString()).toBe("server shutting down");
    await idle.closed;
    expect(idle.closedByServer).toBe(true);
    // The held call answers now; the sign-in in flight completes, its connection then closed.
    upstream.release();
    await slow.closed;
    expect(slow.text).toMatch(/^HTTP\/1\.1 303 /);
    expect(slow.text.toLowerCase()).toContain("connection: close");
    expect(slow.closedByServer).toBe(true);

    const [exitCode] = await exited;
    expect(exitCode).toBe(0);
    const lines = facade
      .output()
      .split("\n")
      .filter((line) => line.startsWith("facade: "));
    expect(lines.join("\n")).toMatch(/SIGTERM: shutting down/);
    const stopped = lines.find((line) => line.includes("stopped after"));
    expect(stopped).toMatch(/\(drained\)$/);
    expect(performance.now() - sent).toBeLessThan(GRACE_MS + EXIT_MARGIN_MS);
  });
});
