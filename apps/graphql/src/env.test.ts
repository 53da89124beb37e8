import { describe, expect, it } from "vitest";
import { loadEnv } from "./env.js";

describe("loadEnv", () => {
  it("has documented defaults", () => {
    const env = loadEnv({});
    expect(env.GRAPHQL_PORT).toBe(4000);
    expect(env.GRAPHQL_PUBLIC_URL).toBe("http://127.0.0.1:4000");
    expect(env.ADS_API_BASE_URL).toBe("http://127.0.0.1:4010");
    expect(env.ADS_API_ADS_URL).toBe("http://127.0.0.1:4011");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.GRAPHQL_PGLITE_DIR).toMatch(/apps\/graphql\/\.data\/pglite$/);
    expect(env.GRAPHQL_PGLITE_SETTINGS).toEqual({});
    expect(env.SNAPSHOT_FRESH_SECONDS_ENTITY).toBe(30);
  });

  it("reads the OTEL_* settings tracing starts from", () => {
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
  });

  it("fails naming every bad variable", () => {
    expect(() =>
      loadEnv({
        GRAPHQL_PORT: "eighty",
        DATABASE_URL: "mysql://x",
        ADS_API_BASE_URL: "http://h/x",
      }),
    ).toThrow(/GRAPHQL_PORT:[\s\S]*ADS_API_BASE_URL: must have no path[\s\S]*DATABASE_URL:/);
    expect(() => loadEnv({ GRAPHQL_PGLITE_SETTINGS: "=16MB" })).toThrow(
      /GRAPHQL_PGLITE_SETTINGS:.*is not name=value/,
    );
  });

  it("treats empty optional values as unset and reads flags strictly", () => {
    expect(loadEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
    expect(loadEnv({ DEV_SESSION: "false" }).DEV_SESSION).toBe(false);
    expect(() => loadEnv({ DEV_SESSION: "yes" })).toThrow(/DEV_SESSION/);
  });

  it("believes no proxy unless TRUST_PROXY names them (then Fastify reads X-Forwarded-For)", () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).TRUST_PROXY).toBe(
      "10.0.0.0/8, 127.0.0.1",
    );
    const hops = loadEnv({ TRUST_PROXY: "2" }).TRUST_PROXY;
    expect(typeof hops).toBe("function");
    if (typeof hops !== "function") return;
    expect([0, 1, 2].map((hop) => hops("10.0.0.1", hop))).toEqual([true, true, false]);
  });
});
