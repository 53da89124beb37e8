import { createServer } from "node:http";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Hosts } from "../../src/index.js";

/** One request as the server received it. */
export interface RecordedRequest {
  readonly method: string;
  /** Path without the query string, still percent-encoded. */
  readonly path: string;
  /** The raw query string, without `?`. */
  readonly rawQuery: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** What the server does with a request. */
export type Reply =
  | {
      readonly status: number;
      readonly headers?: Readonly<Record<string, string>>;
      /** JSON-encoded unless a string or bytes (sent as they are: a gzip file). */
      readonly body?: unknown;
    }
  /** Destroys the connection without answering (a reset). */
  | { readonly reset: true }
  /** Answers after `delayMs` (a slow server). */
  | { readonly delayMs: number; readonly then: Reply }
  /**
   * Sends headers, then streams these lines slowly; then ends (default), holds the response
   * open (a silent server: no keep-alives), or resets the connection (a server killed mid-stream).
   */
  | {
      readonly streamLines: readonly string[];
      readonly status?: number;
      readonly headers?: Readonly<Record<string, string>>;
      readonly then?: "end" | "hold" | "reset";
    };

export type Handler = (request: RecordedRequest, index: number) => Reply | Promise<Reply>;

export interface ScriptedServer {
  readonly url: string;
  /** Every host role pointed at this server. */
  readonly hosts: Hosts;
  readonly requests: RecordedRequest[];
  /** Resolves when the response to request `index` (0-based) has closed, by either side. */
  responseClosed(index: number): Promise<void>;
  close(): Promise<void>;
}

function read(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      resolve(Buffer.concat(chunks).toString("utf8"));
    });
    request.on("error", reject);
  });
}

async function perform(
  reply: Reply,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  if ("reset" in reply) {
    request.socket.destroy();
    return;
  }
  if ("delayMs" in reply) {
    await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (response.destroyed || request.socket.destroyed) return;
    await perform(reply.then, request, response);
    return;
  }
  if ("streamLines" in reply) {
    response.writeHead(reply.status ?? 200, {
      "content-type": "application/x-ndjson",
      ...reply.headers,
    });
    for (const line of reply.streamLines) {
      if (response.destroyed) return;
      response.write(`${line}\r\n`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    if (reply.then === "hold") return;
    if (reply.then === "reset") request.socket.destroy();
    else response.end();
    return;
  }
  if (reply.body instanceof Uint8Array) {
    response.writeHead(reply.status, { "content-type": "application/gzip", ...reply.headers });
    response.end(reply.body);
    return;
  }
  const body =
    reply.body === undefined
      ? ""
      : typeof reply.body === "string"
        ? reply.body
        : JSON.stringify(reply.body);
  response.writeHead(reply.status, {
    "content-type": typeof reply.body === "string" ? "text/plain" : "application/json",
    ...reply.headers,
  });
  response.end(body);
}

/**
 * A loopback HTTP server on an ephemeral port that answers by a handler or a script of replies
 * (one per request, in order; a request past the end gets 599). It records every request.
 */
export async function startScriptedServer(
  script: Handler | readonly Reply[],
): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  const closings = new Map<number, { promise: Promise<void>; resolve: () => void }>();
  const closedAt = (index: number) => {
    let entry = closings.get(index);
    if (entry === undefined) {
      let resolve = () => {};
      const promise = new Promise<void>((done) => {
        resolve = done;
      });
      entry = { promise, resolve };
      closings.set(index, entry);
    }
    return entry;
  };
  const handler: Handler =
    typeof script === "function"
      ? script
      : (_request, index) =>
          script[index] ?? {
            status: 599,
            body: { errors: [{ code: "SCRIPT_EXHAUSTED", message: "no more replies" }] },
          };
  const server = createServer((request, response) => {
    void (async () => {
      const body = await read(request);
      const url = request.url ?? "/";
      const q = url.indexOf("?");
      const recorded: RecordedRequest = {
        method: request.method ?? "GET",
        path: q < 0 ? url : url.slice(0, q),
        rawQuery: q < 0 ? "" : url.slice(q + 1),
        query: new URLSearchParams(q < 0 ? "" : url.slice(q + 1)),
        headers: request.headers,
        body,
      };
      const index = requests.push(recorded) - 1;
      response.on("close", () => {
        closedAt(index).resolve();
      });
      await perform(await handler(recorded, index), request, response);
    })().catch(() => {
      request.socket.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    hosts: { base: url, ads: url, "ads-sandbox": url },
    requests,
    responseClosed: (index) => closedAt(index).promise,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** A JSON reply. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return { status, body, headers };
}
