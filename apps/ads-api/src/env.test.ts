import { LIMITS } from "@adsgraph/models";
import { describe, expect, it } from "vitest";
import { configFromEnv } from "./config.js";
import { loadEnv } from "./env.js";

describe("loadEnv", () => {
  it("defaults to the three loopback host URLs", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      ADS_API_BASE_URL: "http://127.0.0.1:4010",
      ADS_API_ADS_URL: "http://127.0.0.1:4011",
      ADS_API_SANDBOX_URL: "http://127.0.0.1:4012",
      ADS_API_SEED: true,
      ADS_API_LATENCY_MS: 0,
    });
    expect(env.ADS_API_PGLITE_DIR).toMatch(/apps\/ads-api\/\.data\/pglite$/);
    expect(env.ADS_API_PGLITE_SETTINGS).toEqual({});
    expect(configFromEnv(env).limits.totalCount).toBe(200);
  });

  it("names the variable of a bad value", () => {
    expect(() => loadEnv({ ADS_API_ADS_URL: "ftp://x" })).toThrow(/ADS_API_ADS_URL:/);
    expect(() => loadEnv({ ADS_API_LATENCY_MS: "-1" })).toThrow(/ADS_API_LATENCY_MS:/);
    expect(() => loadEnv({ ADS_API_PGLITE_SETTINGS: "shared_buffers" })).toThrow(
      /ADS_API_PGLITE_SETTINGS:.*is not name=value/,
    );
    expect(
      loadEnv({ ADS_API_PGLITE_SETTINGS: "shared_buffers=64MB" }).ADS_API_PGLITE_SETTINGS,
    ).toEqual({ shared_buffers: "64MB" });
    expect(() => loadEnv({ OTEL_TRACES_EXPORTER: "zipkin" })).toThrow(/OTEL_TRACES_EXPORTER:/);
    expect(() => loadEnv({ OTEL_EXPORTER_OTLP_PROTOCOL: "thrift" })).toThrow(
      /OTEL_EXPORTER_OTLP_PROTOCOL:/,
    );
    const grpc = loadEnv({ OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "grpc" });
    expect(grpc.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL).toBe("grpc");
    expect(grpc.OTEL_EXPORTER_OTLP_PROTOCOL).toBeUndefined();
    // An empty endpoint is unset (tracing stays off), not a bad URL.
    expect(
      loadEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "" }).OTEL_EXPORTER_OTLP_ENDPOINT,
    ).toBeUndefined();
    expect(() => loadEnv({ ADS_API_BASE_URL: "http://127.0.0.1:4010/api" })).toThrow(
      /ADS_API_BASE_URL:/,
    );
  });

  it("takes a campaign-batch cap up to the catalog's, never above it", () => {
    expect(configFromEnv(loadEnv({})).limits.campaignBatchMax).toBe(LIMITS.campaignBatch);
    expect(
      configFromEnv(loadEnv({ ADS_API_CAMPAIGN_BATCH_MAX: "5" })).limits.campaignBatchMax,
    ).toBe(5);
    expect(() => loadEnv({ ADS_API_CAMPAIGN_BATCH_MAX: String(LIMITS.campaignBatch + 1) })).toThrow(
      /ADS_API_CAMPAIGN_BATCH_MAX: must be at most the catalog's campaign-batch cap/,
    );
  });

  it("limits each users batch per account to the spec's 1,500 a minute unless told otherwise", () => {
    const limits = configFromEnv(loadEnv({})).limits;
    expect(limits.usersBatchRate).toBe(LIMITS.usersBatch.requestsPerWindow);
    expect(limits.usersBatchWindowMs).toBe(60_000);
    const raised = configFromEnv(
      loadEnv({ ADS_API_USERS_BATCH_LIMIT: "3000", ADS_API_USERS_BATCH_WINDOW_SECONDS: "30" }),
    ).limits;
    expect([raised.usersBatchRate, raised.usersBatchWindowMs]).toEqual([3000, 30_000]);
    expect(() => loadEnv({ ADS_API_USERS_BATCH_LIMIT: "0" })).toThrow(/ADS_API_USERS_BATCH_LIMIT:/);
  });

  it("needs the TLS certificate and key together", () => {
    expect(() => configFromEnv(loadEnv({ ADS_API_TLS_CERT: "/c.pem" }))).toThrow(
      /ADS_API_TLS_CERT and ADS_API_TLS_KEY/,
    );
  });

  it("is embedded without REDIS_URL, and carries Redis and the listen addresses into the config", () => {
    const embedded = configFromEnv(loadEnv({}));
    expect(embedded.redis).toBeUndefined();
    expect(embedded.listen).toEqual({});
    const shared = configFromEnv(
      loadEnv({
        REDIS_URL: "redis://cache.internal:6379/2",
        REDIS_COMMAND_TIMEOUT_MS: "250",
        ADS_API_LISTEN_BASE: "127.0.0.1:5010",
        ADS_API_LISTEN_SANDBOX: "[::1]:5012",
      }),
    );
    expect(shared.redis).toEqual({
      url: "redis://cache.internal:6379/2",
      prefix: "adsgraph:ads-api:",
      commandTimeoutMs: 250,
    });
    expect(shared.listen).toEqual({
      base: { host: "127.0.0.1", port: 5010 },
      "ads-sandbox": { host: "::1", port: 5012 },
    });
  });

  it("refuses a listen address that is not host:port, naming the variable and the form", () => {
    for (const bad of ["5010", "127.0.0.1", "http://127.0.0.1:5010", "::1:5010", "h:70000", "h:"]) {
      expect(() => loadEnv({ ADS_API_LISTEN_ADS: bad }), bad).toThrow(
        /ADS_API_LISTEN_ADS: must be host:port \(e\.g\. 127\.0\.0\.1:4010/,
      );
    }
    expect(() => loadEnv({ REDIS_URL: "http://127.0.0.1:6379" })).toThrow(/REDIS_URL:/);
  });

  it("lists loopback hosts for local webhook receivers in development only (issue 34)", () => {
    expect(loadEnv({}).ADS_API_WEBHOOK_ALLOW_HOSTS).toEqual([]);
    expect(configFromEnv(loadEnv({})).webhookAllowHosts).toEqual([]);
    const dev = loadEnv({
      ADS_API_WEBHOOK_ALLOW_HOSTS: "127.0.0.1, localhost,::1,[::1],app.localhost",
    });
    expect(configFromEnv(dev).webhookAllowHosts).toEqual([
      "127.0.0.1",
      "localhost",
      "::1",
      "[::1]",
      "app.localhost",
    ]);
    for (const host of ["10.0.0.1", "example.com", "169.254.169.254", "0.0.0.0", "a b"]) {
      expect(() => loadEnv({ ADS_API_WEBHOOK_ALLOW_HOSTS: host }), host).toThrow(
        /ADS_API_WEBHOOK_ALLOW_HOSTS: must list loopback hosts only/,
      );
    }
    expect(() =>
      loadEnv({ NODE_ENV: "production", ADS_API_WEBHOOK_ALLOW_HOSTS: "127.0.0.1" }),
    ).toThrow(
      /ADS_API_WEBHOOK_ALLOW_HOSTS: is a development setting and must not be set when NODE_ENV=production/,
    );
    expect(
      loadEnv({ NODE_ENV: "production", ADS_API_WEBHOOK_ALLOW_HOSTS: "" })
        .ADS_API_WEBHOOK_ALLOW_HOSTS,
    ).toEqual([]);
  });
});
