/** What the keep-alive uses of a `ws` WebSocket. */
export interface PingedSocket {
  readonly readyState: number;
  readonly OPEN: number;
  on(event: "pong" | "ping" | "message", listener: () => void): unknown;
  off(event: "pong" | "ping" | "message", listener: () => void): unknown;
  ping(): void;
  close(code: number, reason: string): void;
  terminate(): void;
}

/** Close code of a connection whose client answered no ping (not a graphql-ws code; 410 Gone). */
export const CLIENT_GONE = 4410;

/** Pings in a row a client may leave unanswered while this process was responsive. */
const UNANSWERED_LIMIT = 2;

/** How long a client gone is given to complete the closing handshake before the socket is cut. */
const CLOSE_GRACE_MS = 1_000;

/**
 * Pings the client of `socket` every `intervalMs`; a client that answered nothing (no pong, no
 * message) to UNANSWERED_LIMIT pings in a row is gone: its socket closes with CLIENT_GONE and a
 * reason. Only rounds in which this process was itself on time count: after the event loop was
 * held up (a long GC, a hot loop), answers may still wait unread in the process's own buffers,
 * as timers run before I/O is read. graphql-ws's own keep-alive (off here) terminated every
 * socket whose pong had not been read a ping interval (12 s) after the ping, so one facade pause
 * past 12 s cut every WebSocket with 1006. A slow subscriber alone ends its own subscription
 * (SUBSCRIBER_TOO_SLOW, `activity/subscriber-queue.ts`), never the socket. Returns the stop.
 */
export function keepAlive(
  socket: PingedSocket,
  intervalMs: number,
  now: () => number = () => performance.now(),
): () => void {
  let answered = true;
  let unanswered = 0;
  let last = now();
  const heard = () => {
    answered = true;
  };
  socket.on("pong", heard);
  socket.on("ping", heard);
  socket.on("message", heard);

  const timer = setInterval(() => {
    const at = now();
    const late = at - last - intervalMs;
    last = at;
    if (socket.readyState !== socket.OPEN) return;
    // This round is not the client's to answer for: the process was not on time itself.
    if (late > intervalMs / 2) return;
    if (answered) {
      unanswered = 0;
    } else {
      unanswered += 1;
      if (unanswered >= UNANSWERED_LIMIT) {
        gone();
        return;
      }
    }
    answered = false;
    socket.ping();
  }, intervalMs);
  timer.unref();

  let graceTimer: NodeJS.Timeout | undefined;
  function gone() {
    socket.close(
      CLIENT_GONE,
      `The client answered no ping of ${UNANSWERED_LIMIT} in a row (one every ${intervalMs} ms): the connection is lost`,
    );
    // A client that is gone never answers the close either; ws would wait 30 s for it.
    graceTimer = setTimeout(() => {
      socket.terminate();
    }, CLOSE_GRACE_MS);
    graceTimer.unref();
  }

  return () => {
    clearInterval(timer);
    if (graceTimer !== undefined) clearTimeout(graceTimer);
    socket.off("pong", heard);
    socket.off("ping", heard);
    socket.off("message", heard);
  };
}
