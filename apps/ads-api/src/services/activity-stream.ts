import type { ServerResponse } from "node:http";
import { ACTIVITY_STREAM_STARTS_AFTER_HEADER } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import { eventOf } from "../delivery/activity-event.js";
import { idBound, latestEventId, readEvents } from "./activity-store.js";

/** Events read from the store at a time; at most this many wait in a slow reader's buffer. */
const PAGE = 100;

/**
 * Serves GET /2/activity/stream on a hijacked response (issue 18): newline-delimited JSON, one
 * event per line. With `since_id` the stored events after it come first, then live ones, read
 * from the store in id order from the last id sent, so there is no gap and no duplicate:
 * the wake-up listener is registered before the first read, and every wake-up reads from the
 * store again. Without `since_id` the stream starts after the app's newest stored event.
 * Either way the answer's `x-activity-starts-after` header names the id it starts after, so a
 * reader that sees no event before its connection drops resumes from there (issue 34).
 * A blank line (`\r\n`) every `keepAliveMs` keeps idle connections open; each tick also reads
 * the store, so events written by another process (the CLI against PostgreSQL) arrive too.
 * Back-pressure: while the socket's buffer is over Node's high-water mark the loop waits for
 * `drain` before it reads more, so a slow reader holds at most one page in memory.
 * One stream per app: a newer connection closes this one (ActivityHub).
 */
export async function runActivityStream(
  ctx: AppContext,
  appId: string,
  sinceId: string | undefined,
  response: ServerResponse,
): Promise<void> {
  let closed = false;
  let dirty = true;
  let tick = false;
  let wake: (() => void) | undefined;
  // Read through functions: the callbacks above change these while the loop awaits.
  const isClosed = () => closed;
  const ticked = () => tick;
  const rouse = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  const off = ctx.activity.onEvents(appId, () => {
    dirty = true;
    rouse();
  });
  const connection = {
    close: () => {
      closed = true;
      // Ended and its socket closed at once: a client that stopped reading must not keep a
      // closing server (or the replacing connection's app) waiting.
      if (!response.writableEnded) response.end();
      response.destroy();
      rouse();
    },
  };
  response.on("close", () => {
    closed = true;
    rouse();
  });
  const timer = setInterval(() => {
    tick = true;
    rouse();
  }, ctx.limits.streamKeepAliveMs);
  ctx.activity.claim(appId, connection);
  const write = async (text: string) => {
    if (response.write(text) || closed) return;
    await new Promise<void>((resolve) => {
      wake = resolve;
      response.once("drain", rouse);
    });
    response.off("drain", rouse);
  };
  try {
    let last = sinceId !== undefined ? idBound(sinceId) : await latestEventId(ctx.prisma, appId);
    response.writeHead(200, {
      "content-type": "application/x-ndjson; charset=utf-8",
      "cache-control": "no-store",
      // The socket closes with the stream: an ended stream leaves no connection behind for a
      // closing server to wait on (its keep-alive timeout is long).
      connection: "close",
      [ACTIVITY_STREAM_STARTS_AFTER_HEADER]: last.toString(),
    });
    response.flushHeaders();
    while (!isClosed()) {
      if (dirty) {
        dirty = false;
        const rows = await readEvents(ctx.prisma, appId, last, PAGE);
        for (const row of rows) {
          if (isClosed()) break;
          await write(`${JSON.stringify(eventOf(row))}\n`);
          last = row.id;
        }
        if (rows.length === PAGE) dirty = true;
        continue;
      }
      if (ticked()) {
        tick = false;
        dirty = true;
        await write("\r\n");
        continue;
      }
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } catch {
    // A store failure ends the stream; the client resumes with since_id.
    response.destroy();
  } finally {
    clearInterval(timer);
    off();
    ctx.activity.release(appId, connection);
    if (!response.writableEnded) response.end();
  }
}
