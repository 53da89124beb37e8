import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";

/**
 * The connections of one HTTP(S) server, watched from its start so that a shutdown can drain
 * them, then cut what is left.
 *
 * Why it is needed: a response answered while the server closes keeps its connection alive
 * (Fastify's keep-alive timeout is 72 s), and `server.close()` closes only the connections idle
 * at that moment, so the close waited for the client's next request or that timeout (ads-api
 * took 75 s to exit after a SIGTERM with one request in flight).
 */
export interface WatchedServer {
  /**
   * From now on every response closes its connection (`Connection: close` where headers are not
   * sent yet), and each connection left idle is closed at once.
   */
  drain(): void;
  /** Requests not yet answered and upgraded connections (WebSockets). */
  open(): number;
  /** Destroys every connection, upgraded ones included; returns how many were open. */
  cut(): number;
}

export function watchServer(server: Server): WatchedServer {
  const inFlight = new Set<ServerResponse>();
  const upgraded = new Set<Duplex>();
  let draining = false;
  const closeIdle = () => {
    // Once the response's socket is back in the idle list (after this tick).
    setImmediate(() => {
      server.closeIdleConnections();
    });
  };
  server.on("request", (_request: IncomingMessage, response: ServerResponse) => {
    inFlight.add(response);
    if (draining) response.shouldKeepAlive = false;
    response.once("close", () => {
      inFlight.delete(response);
      if (draining) closeIdle();
    });
  });
  server.on("upgrade", (_request: IncomingMessage, socket: Duplex) => {
    upgraded.add(socket);
    socket.once("close", () => upgraded.delete(socket));
  });
  return {
    drain: () => {
      draining = true;
      for (const response of inFlight) if (!response.headersSent) response.shouldKeepAlive = false;
      server.closeIdleConnections();
    },
    open: () => inFlight.size + upgraded.size,
    cut: () => {
      const open = inFlight.size + upgraded.size;
      server.closeAllConnections();
      for (const socket of upgraded) socket.destroy();
      return open;
    },
  };
}

export interface ShutdownOptions {
  /** The app's name in the log lines (`ads-api`, `facade`). */
  readonly name: string;
  /** How long requests in flight and long-lived connections may take to end. */
  readonly graceMs: number;
  /** Its servers, watched since they were created (`watchServer`). */
  readonly servers: () => readonly WatchedServer[];
  /**
   * Closes the app: stops listening, ends its streams and WebSockets with their own closing
   * message, waits for its connections, then closes what they use (database, Redis...).
   */
  readonly close: () => Promise<void>;
  /** Where the shutdown's lines go (default stdout). */
  readonly log?: (line: string) => void;
  /** Default process.exit. */
  readonly exit?: (code: number) => void;
  /** After the grace period, how long closing what the connections used may still take. */
  readonly afterCutMs?: number;
}

/**
 * SIGTERM and SIGINT close the app gracefully: connections are drained (idle keep-alive ones
 * closed at once, the others after their response) while `close` runs; at `graceMs` every
 * connection still open is cut; then the process exits, 0 once `close` has finished. A second
 * signal cuts at once. Exits 1 when `close` fails or does not finish `afterCutMs` after the cut
 * (a database that does not answer must not keep a process alive that was told to stop).
 */
export function shutdownOnSignals(options: ShutdownOptions): void {
  const log =
    options.log ??
    ((line: string) => {
      console.log(line);
    });
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const afterCutMs = options.afterCutMs ?? 5_000;
  let started: number | undefined;
  let cut = -1;
  const cutNow = (why: string) => {
    if (cut >= 0) return;
    cut = options.servers().reduce((sum, server) => sum + server.cut(), 0);
    log(`${options.name}: ${why}: cut ${cut} open connection(s)`);
    setTimeout(() => {
      log(`${options.name}: still closing ${afterCutMs} ms after the cut; exiting`);
      exit(1);
    }, afterCutMs).unref();
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (started !== undefined) {
      cutNow(`${signal} again`);
      return;
    }
    started = performance.now();
    const servers = options.servers();
    for (const server of servers) server.drain();
    const open = servers.reduce((sum, server) => sum + server.open(), 0);
    log(
      `${options.name}: ${signal}: shutting down; ${open} request(s) or stream(s) open, grace period ${options.graceMs} ms`,
    );
    const deadline = setTimeout(() => {
      cutNow("grace period over");
    }, options.graceMs);
    const since = started;
    options.close().then(
      () => {
        clearTimeout(deadline);
        const ms = Math.round(performance.now() - since);
        const how = cut > 0 ? `${cut} connection(s) cut` : "drained";
        log(`${options.name}: stopped after ${ms} ms (${how})`);
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(deadline);
        log(
          `${options.name}: shutdown failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        exit(1);
      },
    );
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, onSignal);
}
