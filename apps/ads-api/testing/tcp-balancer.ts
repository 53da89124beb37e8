import net from "node:net";

/** A load balancer of tests: one loopback port forwarding each connection to a target. */
export interface TcpBalancer {
  /** `http://127.0.0.1:<port>`: the public URL clients sign against and connect to. */
  readonly url: string;
  /** Cuts every forwarded connection (a network failure); new ones are forwarded as before. */
  cut(): void;
  /** Cuts every forwarded connection and stops listening. */
  close(): Promise<void>;
}

/**
 * Forwards each TCP connection to the next of `targets()` (`http://host:port` origins, read on
 * every connection so stopped replicas can be left out; none: the connection is closed), round
 * robin, bytes untouched (TLS, HTTP and Redis' protocol pass through). One connection stays on one target, as behind a real balancer; a
 * target that refuses the connection closes the client's.
 */
export async function startTcpBalancer(targets: () => readonly string[]): Promise<TcpBalancer> {
  const sockets = new Set<net.Socket>();
  let next = 0;
  const server = net.createServer((client) => {
    const all = targets();
    const target = all[next % Math.max(1, all.length)];
    next += 1;
    if (target === undefined) {
      client.destroy();
      return;
    }
    const { hostname, port } = new URL(target);
    const upstream = net.connect({
      host: hostname.replace(/^\[(.*)\]$/, "$1"),
      port: Number(port),
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("balancer not bound");
  return {
    url: `http://127.0.0.1:${address.port}`,
    cut: () => {
      for (const socket of sockets) socket.destroy();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}
