import net from "node:net";

/**
 * A TCP round robin: each connection goes to the next backend, bytes piped both ways (HTTP
 * keep-alive, WebSocket upgrades and TLS all pass through untouched). A backend that refuses
 * the connection is skipped for the next one, so a killed replica costs no failed request.
 * For running replicas on one machine; in production a real load balancer takes its place.
 */
export function startRoundRobin({ host, port, backends, name, log = console.log }) {
  let next = 0;
  const server = net.createServer((client) => {
    client.pause();
    const tryBackend = (left) => {
      if (left === 0) {
        client.destroy();
        return;
      }
      const backend = backends[next % backends.length];
      next += 1;
      const upstream = net.connect(backend.port, backend.host);
      // Before "connect", an error means this backend is not there: the next one gets a try.
      upstream.once("error", () => tryBackend(left - 1));
      upstream.once("connect", () => {
        upstream.removeAllListeners("error");
        upstream.on("error", () => client.destroy());
        client.on("error", () => upstream.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
    };
    tryBackend(backends.length);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      log(`${name}: ${host}:${port} → ${backends.map((b) => `${b.host}:${b.port}`).join(", ")}`);
      resolve(server);
    });
  });
}
