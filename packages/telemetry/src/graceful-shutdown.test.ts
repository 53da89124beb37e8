import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { watchServer } from "./graceful-shutdown.js";

/** A raw HTTP/1.1 connection: what it received, and whether the server closed it. */
async function connect(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  await once(socket, "connect");
  let text = "";
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => {
    text += chunk;
  });
  const closed = once(socket, "close");
  return {
    socket,
    closed,
    get text() {
      return text;
    },
    get: (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`),
    until: async (pattern: RegExp) => {
      while (!pattern.test(text)) await once(socket, "data");
    },
  };
}

describe("watchServer (issue 34: shutdown)", () => {
  let server: http.Server;
  afterEach(() => {
    server.closeAllConnections();
    server.close();
  });

  /** A server whose `/held` requests answer when `release` is called. */
  async function start() {
    const held: (() => void)[] = [];
    const arrived: (() => void)[] = [];
    server = http.createServer((request, response) => {
      const answer = () => response.end("ok");
      if (request.url === "/held") {
        held.push(answer);
        for (const wake of arrived.splice(0)) wake();
      } else answer();
    });
    const watched = watchServer(server);
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    return {
      watched,
      port,
      held,
      arrival: () => new Promise<void>((wake) => arrived.push(wake)),
    };
  }

  it("drain closes idle kept-alive connections at once and the others after their answer", async () => {
    const { watched, port, held, arrival } = await start();
    const idle = await connect(port);
    idle.get("/");
    await idle.until(/\r\n\r\nok$/);
    const busy = await connect(port);
    const arrived = arrival();
    busy.get("/held");
    await arrived;
    expect(watched.open()).toBe(1);

    watched.drain();
    await idle.closed;
    for (const answer of held) answer();
    await busy.closed;
    expect(busy.text).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*Connection: close[\s\S]*ok$/);
    expect(watched.open()).toBe(0);
  });

  it("cut destroys every connection, requests in flight included, and says how many were open", async () => {
    const { watched, port, arrival } = await start();
    const busy = await connect(port);
    const arrived = arrival();
    busy.get("/held");
    await arrived;

    expect(watched.cut()).toBe(1);
    await busy.closed;
    expect(busy.text).toBe("");
  });
});
