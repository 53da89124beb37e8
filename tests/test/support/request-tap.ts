import type { IncomingMessage, Server, ServerResponse } from "node:http";

/** What one request carried and how it was answered, as ads-api's HTTP server saw it. */
export interface TappedRequest {
  readonly index: number;
  readonly path: string;
  /** The whole body, once it has arrived (empty while held). */
  body: string;
  /** The status ads-api answered with (set when its handler finished), undefined until then. */
  status: number | undefined;
  /** `request`: the body was kept from ads-api (never processed); `answer`: the answer was kept from the client. */
  held: "request" | "answer" | undefined;
}

/** Which requests to hold, by their index among the tapped ones. */
export type HoldRule = (index: number) => "request" | "answer" | undefined;

export interface RequestTap {
  readonly requests: readonly TappedRequest[];
  /** Changes which of the next requests are held. */
  hold(rule: HoldRule): void;
  detach(): void;
}

/**
 * Watches the requests of ads-api's own HTTP server whose path matches, without a proxy in
 * between (a proxy would change the URL the client signs): it sees the body as ads-api reads
 * it and the status ads-api answers. For fault timing it can hold a request, its body kept from
 * ads-api so it is never processed, or hold the answer of one ads-api has processed, so the
 * client never learns that it was applied.
 */
export function tapRequests(server: Server, path: RegExp, initial?: HoldRule): RequestTap {
  const requests: TappedRequest[] = [];
  let rule: HoldRule = initial ?? (() => undefined);
  const listener = (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? "/";
    if (!path.test(url.split("?")[0] ?? "")) return;
    const tapped: TappedRequest = {
      index: requests.length,
      path: url,
      body: "",
      status: undefined,
      held: rule(requests.length),
    };
    requests.push(tapped);
    const chunks: Buffer[] = [];
    const emit = request.emit.bind(request) as (event: string, ...args: unknown[]) => boolean;
    // Chunks are seen as they are emitted to ads-api's own listeners; a held request's never are.
    request.emit = ((event: string, ...args: unknown[]) => {
      if (event === "data") chunks.push(args[0] as Buffer);
      if (event === "end") tapped.body = Buffer.concat(chunks).toString("utf8");
      if (tapped.held === "request" && (event === "data" || event === "end")) return true;
      return emit(event, ...args);
    }) as typeof request.emit;
    const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
    response.end = ((...args: unknown[]) => {
      tapped.status = response.statusCode;
      if (tapped.held === "answer") return response;
      return end(...args);
    }) as typeof response.end;
  };
  // First, so the tap is in place before ads-api reads anything.
  server.prependListener("request", listener);
  return {
    requests,
    hold: (next) => {
      rule = next;
    },
    detach: () => {
      server.off("request", listener);
    },
  };
}
