import { describe, expect, it } from "vitest";
import type { TracingEnv } from "./tracing-env.js";
import { tracingLine, tracingSettings } from "./tracing-settings.js";

const settingsOf = (env: Partial<TracingEnv>) =>
  tracingSettings({ OTEL_SDK_DISABLED: false, ...env }, "adsgraph-ads-api");

describe("tracingSettings", () => {
  it("is off (nothing is started) when no endpoint or exporter is set", () => {
    expect(settingsOf({})).toBeUndefined();
    expect(settingsOf({ OTEL_SERVICE_NAME: "x" })).toBeUndefined();
  });

  it("exports over OTLP/HTTP to the endpoint's /v1/traces, or to the traces endpoint as given", () => {
    expect(settingsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/" })).toEqual({
      serviceName: "adsgraph-ads-api",
      exporter: "otlp",
      protocol: "http/protobuf",
      tracesUrl: "http://collector:4318/v1/traces",
      sampleRatio: 0.1,
    });
    expect(
      settingsOf({
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://traces:9999/in",
        OTEL_SERVICE_NAME: "ads-api-eu",
      }),
    ).toEqual({
      serviceName: "ads-api-eu",
      exporter: "otlp",
      protocol: "http/protobuf",
      tracesUrl: "http://traces:9999/in",
      sampleRatio: 0.1,
    });
  });

  it("takes the protocol from OTEL_EXPORTER_OTLP_(TRACES_)PROTOCOL; over gRPC the endpoint is the collector's address", () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4317" };
    expect(settingsOf({ ...endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" })).toMatchObject({
      protocol: "grpc",
      tracesUrl: "http://collector:4317",
    });
    expect(
      settingsOf({
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
        OTEL_EXPORTER_OTLP_PROTOCOL: "grpc",
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/json",
      }),
    ).toMatchObject({ protocol: "http/json", tracesUrl: "http://collector:4318/v1/traces" });
  });

  it("follows OTEL_TRACES_EXPORTER, and OTEL_SDK_DISABLED over everything", () => {
    expect(settingsOf({ OTEL_TRACES_EXPORTER: "console" })?.exporter).toBe("console");
    expect(settingsOf({ OTEL_TRACES_EXPORTER: "otlp" })?.tracesUrl).toBeUndefined();
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" };
    expect(settingsOf({ ...endpoint, OTEL_TRACES_EXPORTER: "none" })).toBeUndefined();
    expect(settingsOf({ ...endpoint, OTEL_SDK_DISABLED: true })).toBeUndefined();
  });

  it("says where spans go without a URL's credentials", () => {
    const settings = settingsOf({
      OTEL_EXPORTER_OTLP_ENDPOINT: "https://user:hunter2@collector.example:4318",
    });
    expect(settings && tracingLine(settings)).toBe(
      "Tracing: spans of adsgraph-ads-api to https://collector.example:4318/v1/traces (OTLP http/protobuf), 10% of new traces",
    );
  });
});
