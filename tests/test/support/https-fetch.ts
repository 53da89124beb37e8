// A `fetch` over node:https with a given agent: what a browser trusting a test certificate does.
// Enough for ads-api's pages (GET, POSTed forms, redirects not followed), not a general fetch.
import type { IncomingHttpHeaders } from "node:http";
import { request } from "node:https";
import type { Agent } from "node:https";

function headersOf(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    for (const item of [value ?? []].flat()) headers.append(name, item);
  }
  return headers;
}

/** `fetch(url, { method, headers, body })` through `agent`; the answer is never followed. */
export function httpsFetch(agent: Agent): typeof fetch {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const sent = new Headers(init?.headers);
      const req = request(
        String(input instanceof Request ? input.url : input),
        { method: init?.method ?? "GET", headers: Object.fromEntries(sent), agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("error", reject);
          res.on("end", () => {
            resolve(
              new Response(Buffer.concat(chunks), {
                status: res.statusCode ?? 0,
                headers: headersOf(res.headers),
              }),
            );
          });
        },
      );
      req.on("error", reject);
      // ads-api's pages take text and forms: URLSearchParams serialises itself.
      const body = init?.body;
      req.end(
        typeof body === "string" || body instanceof URLSearchParams ? String(body) : undefined,
      );
    });
}
