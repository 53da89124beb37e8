import type { IncomingMessage, ServerResponse } from "node:http";
import type { HostRole } from "@adsgraph/models";
import type { RunningServer } from "../src/server.js";

const ROLES: readonly HostRole[] = ["base", "ads", "ads-sandbox"];

/** One request as ads-api's HTTP server saw it, parameters and body included. */
export interface TappedRequest {
  /** Its place among the tapped requests, from 0. */
  readonly index: number;
  readonly role: HostRole;
  readonly method: string;
  /** The path, without the query string. */
  readonly path: string;
  /** The query parameters as sent, decoded (a list parameter is one comma-separated value). */
  readonly query: Readonly<Record<string, string>>;
  /** The Authorization scheme (`oauth`, `bearer`), lower-cased, never its credentials. */
  readonly scheme: string | null;
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
  /** The tapped requests so far, in arrival order (the array grows as requests come). */
  readonly requests: readonly TappedRequest[];
  /** Changes which of the next requests are held. */
  hold(rule: HoldRule): void;
  detach(): void;
}

export interface TapOptions {
  /** Only requests whose path (without the query) matches; default all but `/_admin/…`. */
  readonly path?: RegExp;
  /** Only these host roles (default all three). */
  readonly roles?: readonly HostRole[];
  /** Which requests to hold from the start (default none). */
  readonly hold?: HoldRule;
}

/**
 * Watches the requests of ads-api's own HTTP servers (of a server in this process), without a
 * proxy in between (a proxy would change the URL the client signs): what the request log keeps
 * out (query parameters, bodies), as ads-api reads it, and the status it answers. For fault
 * timing it can hold a request, its body kept from ads-api so it is never processed, or hold
 * the answer of one ads-api has processed, so the client never learns that it was applied.
 * Bound to the servers running now: a restart ends it.
 */
export function tapRequests(
  adsApi: { readonly server: RunningServer },
  options: TapOptions = {},
): RequestTap {
  const requests: TappedRequest[] = [];
  let rule: HoldRule = options.hold ?? (() => undefined);
  const listenerOf = (role: HostRole) => (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://ads-api.invalid");
    if (url.pathname.startsWith("/_admin/")) return;
    if (options.path !== undefined && !options.path.test(url.pathname)) return;
    const tapped: TappedRequest = {
      index: requests.length,
      role,
      method: request.method ?? "",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      scheme: request.headers.authorization?.split(" ", 1)[0]?.toLowerCase() ?? null,
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
  const attached = (options.roles ?? ROLES).map((role) => {
    const server = adsApi.server.apps[role].server;
    const listener = listenerOf(role);
    // First, so the tap is in place before ads-api reads anything.
    server.prependListener("request", listener);
    return () => server.off("request", listener);
  });
  return {
    requests,
    hold: (next) => {
      rule = next;
    },
    detach: () => {
      for (const off of attached) off();
    },
  };
}
