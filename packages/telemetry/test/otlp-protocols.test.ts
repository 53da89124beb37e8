import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as grpc from "@grpc/grpc-js";
import { trace } from "@opentelemetry/api";
import { afterEach, describe, expect, it } from "vitest";
import { tracingFromEnv, type TracingEnv } from "../src/index.js";

// Each OTLP protocol the settings name reaches a real receiver on loopback with the app's
// span: the exporter is the one the environment asks for, not a JSON one whatever is set.

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** An OTLP/HTTP receiver that keeps what it is sent. */
async function httpReceiver(): Promise<{ endpoint: string; received: Received[] }> {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        path: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.writeHead(200, { "content-type": String(request.headers["content-type"]) }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(
    () =>
      new Promise((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
  );
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

/** An OTLP/gRPC receiver: the collector's trace service, its messages kept as bytes. */
async function grpcReceiver(): Promise<{ endpoint: string; received: Buffer[] }> {
  const received: Buffer[] = [];
  const server = new grpc.Server();
  const raw = (buffer: Buffer) => buffer;
  server.addService(
    {
      Export: {
        path: "/opentelemetry.proto.collector.trace.v1.TraceService/Export",
        requestStream: false,
        responseStream: false,
        requestSerialize: raw,
        requestDeserialize: raw,
        responseSerialize: raw,
        responseDeserialize: raw,
      },
    },
    {
      Export: (
        call: grpc.ServerUnaryCall<Buffer, Buffer>,
        callback: grpc.sendUnaryData<Buffer>,
      ) => {
        received.push(call.request);
        // An empty ExportTraceServiceResponse: every span accepted.
        callback(null, Buffer.alloc(0));
      },
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) => {
      if (error) reject(error);
      else resolve(bound);
    });
  });
  closers.push(
    () =>
      new Promise((resolve) => {
        server.tryShutdown(() => {
          resolve();
        });
      }),
  );
  return { endpoint: `http://127.0.0.1:${port}`, received };
}

/**
 * Starts tracing as the app would from `env`, ends one span named `name`, and exports it
 * (every new trace recorded: the default records one in ten).
 */
async function exportOneSpan(env: Partial<TracingEnv>, name: string): Promise<void> {
  const started = await tracingFromEnv(
    { OTEL_SDK_DISABLED: false, OTEL_TRACES_SAMPLER_ARG: "1", ...env },
    { serviceName: "adsgraph-test", untraced: () => false },
  );
  if (started === undefined) throw new Error("tracing is off");
  const { tracing } = started;
  try {
    trace.getTracer("test").startSpan(name).end();
    await tracing.flush();
  } finally {
    await tracing.shutdown();
  }
}

describe("OTLP protocols", () => {
  it("sends protobuf over HTTP by default (the specification's default)", async () => {
    const { endpoint, received } = await httpReceiver();
    await exportOneSpan({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint }, "span-over-protobuf");
    expect(received).toHaveLength(1);
    expect(received[0]?.path).toBe("/v1/traces");
    expect(received[0]?.headers["content-type"]).toBe("application/x-protobuf");
    // Protobuf strings are their UTF-8 bytes: the span's and the service's names are there.
    expect(received[0]?.body.includes("span-over-protobuf")).toBe(true);
    expect(received[0]?.body.includes("adsgraph-test")).toBe(true);
  });

  it("sends JSON over HTTP with http/json", async () => {
    const { endpoint, received } = await httpReceiver();
    await exportOneSpan(
      { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" },
      "span-over-json",
    );
    expect(received).toHaveLength(1);
    expect(received[0]?.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(String(received[0]?.body)) as {
      resourceSpans: { scopeSpans: { spans: { name: string }[] }[] }[];
    };
    expect(body.resourceSpans[0]?.scopeSpans[0]?.spans[0]?.name).toBe("span-over-json");
  });

  it("calls the collector's trace service over gRPC with grpc (the traces protocol over the general one)", async () => {
    const { endpoint, received } = await grpcReceiver();
    await exportOneSpan(
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "grpc",
      },
      "span-over-grpc",
    );
    expect(received).toHaveLength(1);
    expect(received[0]?.includes("span-over-grpc")).toBe(true);
  });
});
