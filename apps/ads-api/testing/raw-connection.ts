import net from "node:net";

/**
 * An HTTP/1.1 connection held by hand: the tests of shutdown need to know when a request is in
 * the server's hands and whether the server (not the client) closed the connection.
 */
export class RawConnection {
  readonly closed: Promise<void>;
  #text = "";
  #closedByServer = false;
  readonly #socket: net.Socket;
  readonly #waiters = new Set<() => void>();

  private constructor(socket: net.Socket) {
    this.#socket = socket;
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      this.#text += chunk;
      this.#wake();
    });
    socket.on("error", () => undefined);
    this.closed = new Promise((resolve) => {
      socket.once("close", () => {
        this.#wake();
        resolve();
      });
    });
    socket.once("end", () => {
      this.#closedByServer = true;
    });
  }

  static open(origin: string): Promise<RawConnection> {
    const url = new URL(origin);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(url.port), url.hostname, () => {
        resolve(new RawConnection(socket));
      });
      socket.once("error", reject);
    });
  }

  /** Everything received so far. */
  get text(): string {
    return this.#text;
  }

  /** True once the server ended the connection (a FIN, or a reset before it). */
  get closedByServer(): boolean {
    return this.#closedByServer || this.#socket.destroyed;
  }

  /** Sends `GET path` (keep-alive, the HTTP/1.1 default) with any more header lines. */
  get(path: string, headers: readonly string[] = []): void {
    this.#socket.write(
      [`GET ${path} HTTP/1.1`, "Host: 127.0.0.1", ...headers, "", ""].join("\r\n"),
    );
  }

  /** Resolves once what was received matches `pattern` (rejects if the connection closes first). */
  async until(pattern: RegExp): Promise<string> {
    for (;;) {
      const match = pattern.exec(this.#text);
      if (match !== null) return match[0];
      if (this.#socket.destroyed) {
        throw new Error(`closed before ${String(pattern)}; received: ${this.#text}`);
      }
      await new Promise<void>((resolve) => this.#waiters.add(resolve));
    }
  }

  destroy(): void {
    this.#socket.destroy();
  }

  #wake(): void {
    for (const wake of this.#waiters) wake();
    this.#waiters.clear();
  }
}
