import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** What the sink was sent: export requests, bytes, and spans by `service.name`. */
export interface SinkCounts {
  requests: number;
  bytes: number;
  spansByService: Record<string, number>;
  /** Exports whose spans could not be counted (not protobuf or JSON as OTLP sends them). */
  unreadable: number;
}

/** How often `needle` occurs in `body` (Buffer.indexOf: native, no parse). */
function occurrences(body: Buffer, needle: Buffer): number {
  let count = 0;
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, at + needle.length))
    count += 1;
  return count;
}

const SPAN_ID = Buffer.from('"spanId"');

/** A protobuf varint at `at`: its value (below 2^53 here) and where the next field starts. */
function varint(body: Buffer, at: number): [number, number] {
  let value = 0;
  let scale = 1;
  for (let index = at; index < body.length; index += 1) {
    const byte = body[index] ?? 0;
    value += (byte & 0x7f) * scale;
    scale *= 128;
    if (byte < 0x80) return [value, index + 1];
  }
  throw new Error("truncated varint");
}

/**
 * Calls `visit` with the start and end of each length-delimited field `field` of the message
 * in body[from, to); other fields are skipped by their wire type. Linear: each byte read once.
 */
function eachField(
  body: Buffer,
  from: number,
  to: number,
  field: number,
  visit: (start: number, end: number) => void,
): void {
  let at = from;
  while (at < to) {
    const [tag, next] = varint(body, at);
    at = next;
    const wireType = tag % 8;
    if (wireType === 0) at = varint(body, at)[1];
    else if (wireType === 1) at += 8;
    else if (wireType === 5) at += 4;
    else if (wireType === 2) {
      const [length, start] = varint(body, at);
      at = start + length;
      if (Math.floor(tag / 8) === field) visit(start, at);
    } else throw new Error(`wire type ${wireType}`);
  }
}

/**
 * Spans of an OTLP protobuf export (ExportTraceServiceRequest): resource_spans (1) ->
 * scope_spans (2) -> spans (2), counted by walking the fields' lengths, nothing decoded.
 */
function protobufSpans(body: Buffer): number {
  let spans = 0;
  eachField(body, 0, body.length, 1, (resourceStart, resourceEnd) => {
    eachField(body, resourceStart, resourceEnd, 2, (scopeStart, scopeEnd) => {
      eachField(body, scopeStart, scopeEnd, 2, () => {
        spans += 1;
      });
    });
  });
  return spans;
}

/**
 * A local OTLP/HTTP receiver that keeps nothing: it reads each export (protobuf, the default,
 * or JSON) and answers 200, so the traced servers pay for building and sending spans and
 * nothing waits on a collector. It runs in the process that measures latencies, so it decodes
 * nothing: a parse of every export would delay the measurement of the traced side only. Spans
 * are counted by walking the protobuf's field lengths, or by the JSON's `"spanId"` keys (parent
 * ids are `"parentSpanId"`), per export whose resource names one of `services` (an export
 * holds one process's spans). Loopback only.
 */
export async function startOtlpSink(services: readonly string[]): Promise<{
  /** The OTEL_EXPORTER_OTLP_ENDPOINT of the traced servers. */
  endpoint: string;
  counts(): SinkCounts;
  close(): Promise<void>;
}> {
  const counts: SinkCounts = { requests: 0, bytes: 0, spansByService: {}, unreadable: 0 };
  // In quotes (a JSON string), or after its length (a protobuf string, names under 128 bytes):
  // one name never matches inside another.
  const named = services.map((service) => ({
    service,
    json: Buffer.from(`"${service}"`),
    protobuf: Buffer.concat([Buffer.from([Buffer.byteLength(service)]), Buffer.from(service)]),
  }));
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      counts.requests += 1;
      counts.bytes += body.length;
      const protobuf = request.headers["content-type"] === "application/x-protobuf";
      const service =
        named.find((name) => body.includes(protobuf ? name.protobuf : name.json))?.service ??
        "(other)";
      let spans: number;
      try {
        spans = protobuf ? protobufSpans(body) : occurrences(body, SPAN_ID);
      } catch {
        // Not OTLP as the exporters send it: counted apart, the run's check then fails.
        spans = 0;
        counts.unreadable += 1;
      }
      counts.spansByService[service] = (counts.spansByService[service] ?? 0) + spans;
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
