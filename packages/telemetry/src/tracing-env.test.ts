import { describe, expect, it } from "vitest";
import { z } from "zod";
import { tracingEnvShape } from "./tracing-env.js";

const schema = z.object(tracingEnvShape);

describe("tracingEnvShape", () => {
  it("reads empty text as unset and the SDK switch strictly", () => {
    expect(schema.parse({ OTEL_EXPORTER_OTLP_ENDPOINT: "", OTEL_SERVICE_NAME: "" })).toEqual({
      OTEL_EXPORTER_OTLP_ENDPOINT: undefined,
      OTEL_SERVICE_NAME: undefined,
      OTEL_SDK_DISABLED: false,
    });
    expect(schema.parse({ OTEL_SDK_DISABLED: "1" }).OTEL_SDK_DISABLED).toBe(true);
    expect(schema.safeParse({ OTEL_SDK_DISABLED: "yes" }).success).toBe(false);
  });

  it("names the rule a bad value breaks", () => {
    const result = schema.safeParse({
      OTEL_EXPORTER_OTLP_ENDPOINT: "ftp://collector:4318",
      OTEL_EXPORTER_OTLP_PROTOCOL: "thrift",
    });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(issues?.join("\n")).toMatch(
      /OTEL_EXPORTER_OTLP_ENDPOINT: must be an absolute http:\/\/ or https:\/\/ URL/,
    );
    expect(issues?.join("\n")).toMatch(/OTEL_EXPORTER_OTLP_PROTOCOL:/);
  });
});
