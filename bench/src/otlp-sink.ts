import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** What the sink was sent: export requests, bytes, and spans by `service.name`. */
export interface SinkCounts {
  requests: number;
  bytes: number;
  spansByService: Record<string, number>;
}

/** How often `needle` occurs in `body` (Buffer.indexOf: native, no parse). */
function occurrences(body: Buffer, needle: Buffer): number {
  let count = 0;
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, at + needle.length))
    count += 1;
  return count;
}

const SPAN_ID = Buffer.from('"spanId"');

/**
 * A local OTLP/HTTP receiver that keeps nothing: it reads each export (JSON, as
 * @opentelemetry/exporter-trace-otlp-http sends it) and answers 200, so the traced servers pay
 * for building and sending spans and nothing waits on a collector. It runs in the process that
 * measures latencies, so it parses nothing: a JSON.parse of every export would delay the
 * measurement of the traced side only. Spans are counted by their `"spanId"` keys (parent ids
 * are `"parentSpanId"`), per export whose resource names one of `services` (an export holds
 * one process's spans). Loopback only.
 */
export async function startOtlpSink(services: readonly string[]): Promise<{
  /** The OTEL_EXPORTER_OTLP_ENDPOINT of the traced servers. */
  endpoint: string;
  counts(): SinkCounts;
  close(): Promise<void>;
}> {
  const counts: SinkCounts = { requests: 0, bytes: 0, spansByService: {} };
  // In quotes: a JSON string value, so one name never matches inside another.
  const named = services.map((service) => ({ service, needle: Buffer.from(`"${service}"`) }));
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      counts.requests += 1;
      counts.bytes += body.length;
      const service = named.find(({ needle }) => body.includes(needle))?.service ?? "(other)";
      counts.spansByService[service] =
        (counts.spansByService[service] ?? 0) + occurrences(body, SPAN_ID);
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    counts: () => ({ ...counts, spansByService: { ...counts.spansByService } }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
