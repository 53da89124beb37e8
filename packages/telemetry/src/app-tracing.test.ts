import { describe, expect, it } from "vitest";
import { tracingFromEnv } from "./app-tracing.js";

describe("tracingFromEnv", () => {
  it("starts nothing, and loads no instrumentation, unless tracing is asked for", async () => {
    let loaded = 0;
    const app = {
      serviceName: "adsgraph-test",
      untraced: () => false,
      instrumentations: () => {
        loaded += 1;
        return Promise.resolve([]);
      },
    };
    expect(await tracingFromEnv({ OTEL_SDK_DISABLED: false }, app)).toBeUndefined();
    expect(
      await tracingFromEnv({ OTEL_SDK_DISABLED: true, OTEL_TRACES_EXPORTER: "console" }, app),
    ).toBeUndefined();
    expect(loaded).toBe(0);

    const started = await tracingFromEnv(
      { OTEL_SDK_DISABLED: false, OTEL_TRACES_EXPORTER: "console", OTEL_SERVICE_NAME: "renamed" },
      app,
    );
    try {
      expect(started?.line).toBe("Tracing: spans of renamed to stdout, 10% of new traces");
      expect(started?.tracing.instrumentation.isEnabled()).toBe(true);
      expect(loaded).toBe(1);
    } finally {
      await started?.tracing.shutdown();
    }
  });
});
