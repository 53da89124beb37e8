import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** What the sink was sent: export requests, bytes, and spans by `service.name`. */
export interface SinkCounts {
  requests: number;
  bytes: number;
  spansByService: Record<string, number>;
}

interface OtlpJson {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value?: { stringValue?: string } }[] };
    scopeSpans?: { spans?: unknown[] }[];
  }[];
}

/**
 * A local OTLP/HTTP receiver that keeps nothing: it reads each export (JSON, as
 * @opentelemetry/exporter-trace-otlp-http sends it), counts its spans per service and answers
 * 200, so the traced servers pay for building and sending spans and nothing waits on a
 * collector. Loopback only.
 */
export async function startOtlpSink(): Promise<{
  /** The OTEL_EXPORTER_OTLP_ENDPOINT of the traced servers. */
  endpoint: string;
  counts(): SinkCounts;
  close(): Promise<void>;
}> {
  const counts: SinkCounts = { requests: 0, bytes: 0, spansByService: {} };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      counts.requests += 1;
      counts.bytes += body.length;
      try {
        const parsed = JSON.parse(body.toString("utf8")) as OtlpJson;
        for (const resource of parsed.resourceSpans ?? []) {
          const service =
            resource.resource?.attributes?.find((a) => a.key === "service.name")?.value
              ?.stringValue ?? "(unnamed)";
          const spans = (resource.scopeSpans ?? []).reduce((n, s) => n + (s.spans?.length ?? 0), 0);
          counts.spansByService[service] = (counts.spansByService[service] ?? 0) + spans;
        }
      } catch {
        counts.spansByService["(unreadable)"] = (counts.spansByService["(unreadable)"] ?? 0) + 1;
      }
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
