import net from "node:net";
import { TEST_REDIS_URL } from "@adsgraph/storage";

/** A TCP proxy in front of the test Redis that a test can take down and bring back. */
export interface RedisProxy {
  /** `redis://127.0.0.1:<port>`: the proxy's URL, for REDIS_URL. */
  readonly url: string;
  /** Cuts every connection and refuses new ones (Redis "down" for whoever uses the URL). */
  down(): Promise<void>;
  /** Accepts connections again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startRedisProxy(): Promise<RedisProxy> {
  const target = new URL(TEST_REDIS_URL);
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = async () => {
    const next = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 6379), target.hostname);
      sockets.add(client);
      sockets.add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      client.on("error", drop).on("close", drop);
      upstream.on("error", drop).on("close", drop);
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => next.listen(port, "127.0.0.1", resolve));
    const address = next.address();
    if (typeof address === "object" && address !== null) port = address.port;
    server = next;
  };
  const stop = async () => {
    const current = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (current) await new Promise((resolve) => current.close(resolve));
  };
  await listen();
  return {
    url: `redis://127.0.0.1:${String(port)}`,
    down: stop,
    up: async () => {
      if (server === undefined) await listen();
    },
    close: stop,
  };
}
