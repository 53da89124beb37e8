/**
 * GraphiQL at `GET /graphql` for browsers (subscriptions over graphql-ws on the same URL), with
 * every asset inlined in the page (about 9 MB), so it works with no internet; Apollo's default
 * landing page loads from a CDN. Each run's upstream cost shows in a panel (playground-cost.ts).
 *
 * Memory (issue 37, docs/operations.md "Memory"): nothing until the first page is asked for.
 * The renderer's module is 9 MB of source that V8 keeps as long as the module is loaded, so it
 * runs once in a short-lived child process; the page is then kept as bytes (9 MB, outside the
 * JavaScript heap), never as a string, and sent as they are.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import type { FastifyReply, FastifyRequest } from "fastify";
import Negotiator from "negotiator";
import { COST_PANEL, COST_PANEL_BEFORE } from "./playground-cost.js";
import {
  RANGE_END,
  RANGE_START,
  SIGN_OUT,
  SIGN_OUT_BEFORE,
  graphiqlOptions,
  metricsExampleVariables,
  type PlaygroundOptions,
} from "./playground.js";

/** Apollo Server's choice of a landing page (`prefersHTML`): these types, text/html preferred. */
const MEDIA_TYPES = [
  "application/json; charset=utf-8",
  "application/graphql-response+json; charset=utf-8",
  "multipart/mixed; deferSpec=20220824",
  "multipart/mixed; incrementalSpec=v0.2",
  "multipart/mixed",
  "text/html",
];

/** Whether a request asks for the page rather than a GraphQL answer (as Apollo decides it). */
export function wantsPlayground(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return (
    request.method === "GET" &&
    accept !== undefined &&
    accept !== "" &&
    new Negotiator({ headers: { accept } }).mediaType(MEDIA_TYPES) === "text/html"
  );
}

/**
 * Renders the page in a short-lived child process and hands its UTF-8 bytes back: a worker
 * thread's heap, once freed, stayed in this process (about 40 MB of RSS). The options (the dev
 * session's token among them) go through stdin, not the command line others can read.
 */
const RENDER = `let options = "";
process.stdin.setEncoding("utf8").on("data", (chunk) => { options += chunk; }).on("end", () => {
  const { renderGraphiQL } = require(process.argv[1]);
  process.stdout.write(renderGraphiQL(JSON.parse(options)));
});`;

async function renderInChild(options: PlaygroundOptions): Promise<Buffer> {
  const renderer = createRequire(import.meta.url).resolve("@graphql-yoga/render-graphiql");
  const child = spawn(process.execPath, ["-e", RENDER, renderer], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  child.stdin.end(JSON.stringify(graphiqlOptions(options)));
  const chunks: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  if (code !== 0) throw new Error(`playground renderer exited (${code})`);
  return Buffer.concat(chunks);
}

/** `text` inserted at `at` (none when -1). */
function inserted(bytes: Buffer, at: number, text: string): Buffer {
  return at === -1
    ? bytes
    : Buffer.concat([bytes.subarray(0, at), Buffer.from(text), bytes.subarray(at)]);
}

/** The page's bytes between the range stand-ins, and which stand-in follows each. */
type Pieces = (Buffer | typeof RANGE_START | typeof RANGE_END)[];

function split(bytes: Buffer): Pieces {
  const pieces: Pieces = [];
  let from = 0;
  for (;;) {
    const start = bytes.indexOf(RANGE_START, from);
    const end = bytes.indexOf(RANGE_END, from);
    const next = start === -1 ? end : end === -1 ? start : Math.min(start, end);
    if (next === -1) break;
    const standIn = next === start ? RANGE_START : RANGE_END;
    pieces.push(bytes.subarray(from, next), standIn);
    from = next + standIn.length;
  }
  pieces.push(bytes.subarray(from));
  return pieces;
}

interface Page {
  hour: number;
  body: Buffer;
  etag: string;
  /** Views into `body`: the next hour's page is built from them, so one page is held. */
  pieces: Pieces;
}

/** The page of `hour`: the range stand-ins (or the previous hour's values) replaced. */
function assemble(pieces: Pieces, hour: number): Page {
  const { range } = JSON.parse(metricsExampleVariables(hour)) as {
    range: { start: string; end: string };
  };
  const parts = pieces.map((piece) =>
    piece === RANGE_START
      ? Buffer.from(range.start)
      : piece === RANGE_END
        ? Buffer.from(range.end)
        : piece,
  );
  const body = Buffer.concat(parts);
  let at = 0;
  const views = pieces.map((piece, i) => {
    const { length } = parts[i] ?? [];
    at += length;
    return typeof piece === "string" ? piece : body.subarray(at - length, at);
  });
  const etag = `"${createHash("sha256").update(body).digest("base64url")}"`;
  return { hour, body, etag, pieces: views };
}

const MS_PER_HOUR = 60 * 60 * 1000;

/** Serves the playground page: built on the first request, then the same bytes each hour. */
export function playgroundPage(options: PlaygroundOptions = {}): {
  page(now: number): Promise<{ body: Buffer; etag: string }>;
  serve(request: FastifyRequest, reply: FastifyReply): Promise<void>;
} {
  let current: Page | undefined;
  let first: Promise<Page> | undefined;
  const build = async (hour: number): Promise<Page> => {
    const rendered = await renderInChild(options);
    // Found from the start (the panel's fetch wrapper must be in before the bundle runs) and
    // from the end (the inlined bundle holds the text "<body>" in its scripts).
    const withPanel = inserted(rendered, rendered.indexOf(COST_PANEL_BEFORE), COST_PANEL);
    return assemble(
      split(inserted(withPanel, withPanel.lastIndexOf(SIGN_OUT_BEFORE), SIGN_OUT)),
      hour,
    );
  };
  const page = async (now: number): Promise<Page> => {
    const hour = Math.floor(now / MS_PER_HOUR) * MS_PER_HOUR;
    // Requests arriving while the first page is built wait for it; a failure is tried again.
    current ??= await (first ??= build(hour).finally(() => {
      first = undefined;
    }));
    if (current.hour !== hour) current = assemble(current.pieces, hour);
    return current;
  };
  return {
    page,
    async serve(request, reply) {
      const { body, etag } = await page(Date.now());
      void reply.header("etag", etag);
      if (request.headers["if-none-match"] === etag) {
        void reply.code(304).send();
      } else {
        // As Apollo sent the page (content-type text/html, no charset); Fastify adds its length.
        void reply.code(200).header("content-type", "text/html").send(body);
      }
    },
  };
}

/** `handler` (Apollo's GET route) with the playground page served first to whoever wants it. */
export function withPlayground<This, Args extends [FastifyRequest, FastifyReply], R>(
  options: PlaygroundOptions | undefined,
  handler: (this: This, ...args: Args) => R,
): (this: This, ...args: Args) => Promise<Awaited<R> | undefined> {
  const page = playgroundPage(options);
  return async function playgroundFirst(
    this: This,
    ...args: Args
  ): Promise<Awaited<R> | undefined> {
    const [request, reply] = args;
    if (!wantsPlayground(request)) return await handler.apply(this, args);
    await page.serve(request, reply);
    return undefined;
  };
}
