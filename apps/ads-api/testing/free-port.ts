import { createServer } from "node:net";

/**
 * A loopback port nothing listens on as of now, for a server that must know its URL before it
 * starts (a restarted server answering on the URLs a client signed, a child process told its
 * port). Another process may take it in between: callers start at once.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => {
        if (typeof address === "object" && address !== null) resolve(address.port);
        else reject(new Error("no free port"));
      });
    });
  });
}
