import { Agent, createServer, request } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** An answer held back: the request reached the server, its answer waits for `release()`. */
export interface HeldAnswer {
  /** Resolves once the request is held (the server has answered it). */
  readonly held: Promise<void>;
  release(): void;
}

/**
 * An HTTP pass-through in front of one of ads-api's hosts (its public URL, so OAuth signatures
 * still match), which can hold back the answer to a chosen request: a test then knows an upload
 * is mid-way, with a batch in flight, whatever the machine's speed.
 */
export interface GatedProxy {
  /** `http://127.0.0.1:<port>`: ads-api's public URL for the role. */
  readonly url: string;
  /** Where requests go (ads-api's listen address for the role). */
  setTarget(url: string): void;
  /** Holds the answer to the `nth` (1-based) request from now whose path matches. */
  holdAnswer(path: RegExp, nth: number): HeldAnswer;
  close(): Promise<void>;
}

interface Gate {
  readonly path: RegExp;
  remaining: number;
  readonly reached: () => void;
  readonly opened: Promise<void>;
}

export async function startGatedProxy(): Promise<GatedProxy> {
  let target: URL | undefined;
  let gate: Gate | undefined;
  const agent = new Agent({ keepAlive: true });

  /** The gate this request is the chosen one of, if it is. */
  const gateFor = (incoming: IncomingMessage): Gate | undefined => {
    const current = gate;
    if (current === undefined || !current.path.test(incoming.url ?? "")) return undefined;
    current.remaining -= 1;
    if (current.remaining > 0) return undefined;
    gate = undefined;
    return current;
  };

  const forward = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    if (target === undefined) {
      outgoing.writeHead(503).end();
      return;
    }
    const chosen = gateFor(incoming);
    const upstream = request(
      new URL(incoming.url ?? "/", target),
      { method: incoming.method, headers: incoming.headers, agent },
      (answer) => {
        const send = () => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        };
        if (chosen === undefined) {
          send();
          return;
        }
        // Held once the server has answered: the batch is applied, its answer not yet seen.
        chosen.reached();
        void chosen.opened.then(send);
      },
    );
    upstream.once("error", () => outgoing.destroy());
    incoming.pipe(upstream);
  };

  const server = createServer(forward);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setTarget: (url) => {
      target = new URL(url);
    },
    holdAnswer: (path, nth) => {
      let reached!: () => void;
      let open!: () => void;
      const held = new Promise<void>((resolve) => (reached = resolve));
      const opened = new Promise<void>((resolve) => (open = resolve));
      gate = { path, remaining: nth, reached, opened };
      return { held, release: open };
    },
    close: async () => {
      const closed = new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
      server.closeAllConnections();
      agent.destroy();
      await closed;
    },
  };
}
