import { request as httpRequest } from "node:http";
import { DEMO, serverTracing as adsApiServerTracing, type ServerTracing } from "@adsgraph/ads-api";
import { startAdsApi } from "@adsgraph/ads-api/testing";
import type { StartedAdsApi } from "@adsgraph/ads-api/testing";
import { startAppTracing, type Tracing } from "@adsgraph/telemetry";
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import { InMemorySpanExporter, type ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FACADE_TRACING } from "../src/tracing/server-tracing.js";
import { signIn, STACK_ENGINE, startFacade } from "../testing/index.js";
import type { RunningFacade } from "../testing/index.js";

// issue 20 acceptance: with an in-memory exporter, one trace covers the facade's request, the
// GraphQL operation, a loader batch, the upstream calls and ads-api's requests for them.
// Both services run in this process and so share one tracer provider: spans are told apart by
// their instrumentation scope and route.

const ACCOUNT = "trace01";
const FACADE_SCOPE = "@adsgraph/graphql";
const SERVER_SCOPE = "@fastify/otel";
const CLIENT_SCOPE = "@opentelemetry/instrumentation-undici";

const QUERY = `query CampaignFunding {
  account(rawId: "${ACCOUNT}") {
    campaigns(first: 50) { edges { node { rawId fundingInstrument { rawId } } } }
  }
}`;

/**
 * A request over node:http, which no instrumentation here traces (undici traces fetch): the
 * facade's request span is then the root of its trace, as for a client without tracing.
 */
function send(
  url: string,
  {
    method = "GET",
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => {
        resolve({ status: response.statusCode ?? 0, text });
      });
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const idOf = (span: ReadableSpan) => span.spanContext().spanId;
const traceOf = (span: ReadableSpan) => span.spanContext().traceId;

/** Everything a span exports that could carry a secret, as one text. */
const exportedText = (span: ReadableSpan) =>
  JSON.stringify({
    name: span.name,
    attributes: span.attributes,
    status: span.status,
    events: span.events.map((event) => [event.name, event.attributes]),
    resource: span.resource.attributes,
  });

describe("tracing across the facade and ads-api", () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  let adsApiTracing: ServerTracing;
  let adsApi: StartedAdsApi;
  let facade: RunningFacade;
  let session: string;

  beforeAll(async () => {
    tracing = await startAppTracing(
      { ...FACADE_TRACING, serviceName: "adsgraph-tracing-test" },
      exporter,
    );
    adsApiTracing = await adsApiServerTracing();
    adsApi = await startAdsApi({ engine: STACK_ENGINE, tracing: adsApiTracing });
    await adsApi.seedBench({ accountId: ACCOUNT, campaigns: 8, fundingInstruments: 3, seed: 20 });
    facade = await startFacade({
      engine: STACK_ENGINE,
      tracing,
      // Every read goes upstream: no snapshot answers in place of a call.
      env: {
        ...adsApi.env,
        SNAPSHOT_FRESH_SECONDS_ENTITY: "0",
        SNAPSHOT_FRESH_SECONDS_REFERENCE: "0",
      },
    });
    session = await signIn(facade);
  });

  afterAll(async () => {
    await facade.close();
    await adsApi.close();
    adsApiTracing.instrumentation.disable();
    await tracing.shutdown();
  });

  /** Posts one operation as the demo user; the parsed answer. */
  async function query(
    document: string,
    headers: Record<string, string> = {},
  ): Promise<{ data?: unknown; errors?: unknown[] }> {
    const { status, text } = await send(facade.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${session}`,
        ...headers,
      },
      body: JSON.stringify({ query: document }),
    });
    expect(status, text).toBe(200);
    return JSON.parse(text) as { data?: unknown; errors?: unknown[] };
  }

  /** The spans exported once `found` holds of them (flushed and read again until then). */
  async function spansWhen(found: (spans: ReadableSpan[]) => boolean): Promise<ReadableSpan[]> {
    await expect
      .poll(async () => {
        await tracing.flush();
        return found(exporter.getFinishedSpans());
      })
      .toBe(true);
    return exporter.getFinishedSpans();
  }

  it("covers the request, operation, loader batch, upstream calls and ads-api in one trace", async () => {
    exporter.reset();
    const body = await query(QUERY);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();

    const isFacadeRequest = (span: ReadableSpan) =>
      span.instrumentationScope.name === SERVER_SCOPE &&
      span.kind === SpanKind.SERVER &&
      span.attributes["http.route"] === "/graphql";
    const spans = await spansWhen((all) => all.some(isFacadeRequest));
    const request = spans.find(isFacadeRequest);
    expect(request?.kind).toBe(SpanKind.SERVER);
    expect(request?.name).toBe("POST /graphql");
    // The facade's request span is the trace's root: the client sent no trace context.
    expect(request?.parentSpanContext).toBeUndefined();
    const traceId = traceOf(request as ReadableSpan);
    const inTrace = spans.filter((span) => traceOf(span) === traceId);
    const byId = new Map(inTrace.map((span) => [idOf(span), span]));
    const ancestors = (span: ReadableSpan) => {
      const chain: ReadableSpan[] = [];
      for (let at = byId.get(parentOf(span) ?? ""); at; at = byId.get(parentOf(at) ?? "")) {
        chain.push(at);
      }
      return chain;
    };

    // The operation span: named by type and name, a child of the request's span.
    const operation = inTrace.find(
      (span) =>
        span.instrumentationScope.name === FACADE_SCOPE && span.name === "query CampaignFunding",
    );
    expect(operation?.attributes).toMatchObject({
      "graphql.operation.type": "query",
      "graphql.operation.name": "CampaignFunding",
    });
    expect(parentOf(operation as ReadableSpan)).toBe(idOf(request as ReadableSpan));

    // The funding instruments of the campaigns page: one loader batch, a child of the operation.
    const batch = inTrace.find((span) => span.name === "loader.batch funding instrument");
    expect(batch?.instrumentationScope.name).toBe(FACADE_SCOPE);
    expect(parentOf(batch as ReadableSpan)).toBe(idOf(operation as ReadableSpan));
    expect(batch?.attributes["graphql.loader.batch.size"]).toBeGreaterThan(0);

    // Each upstream call is a client span under the operation (or a batch of it) ...
    const calls = inTrace.filter((span) => span.instrumentationScope.name === CLIENT_SCOPE);
    expect(calls.length).toBeGreaterThanOrEqual(2);
    for (const call of calls) {
      expect(call.kind).toBe(SpanKind.CLIENT);
      expect(ancestors(call)).toContain(operation);
    }
    const batchCall = calls.find((call) => parentOf(call) === idOf(batch as ReadableSpan));
    expect(String(batchCall?.attributes["url.path"])).toMatch(/\/funding_instruments$/);
    // No upstream call of the query fell out of its trace: the parents are handed on
    // explicitly (no AsyncLocalStorage), so a lost one would start a trace of its own.
    const orphans = spans.filter(
      (span) => span.instrumentationScope.name === CLIENT_SCOPE && traceOf(span) !== traceId,
    );
    expect(orphans.map((span) => span.attributes["url.path"])).toEqual([]);

    // ... and ads-api's server span for it continues the trace from that call (traceparent).
    const served = inTrace.filter(
      (span) =>
        span.instrumentationScope.name === SERVER_SCOPE &&
        span.kind === SpanKind.SERVER &&
        span !== request,
    );
    expect(served.length).toBe(calls.length);
    for (const span of served) {
      expect(span.kind).toBe(SpanKind.SERVER);
      expect(calls.map(idOf)).toContain(parentOf(span));
    }
    const servedBatch = served.find((span) => parentOf(span) === idOf(batchCall as ReadableSpan));
    expect(servedBatch?.name).toMatch(/^GET \/12\/accounts\/:account_id\/funding_instruments$/);
    expect(servedBatch?.attributes["http.response.status_code"]).toBe(200);

    // No credential in anything exported: the session, the user's token and secret, the app's.
    const text = inTrace.map(exportedText).join("\n");
    for (const secret of [
      session,
      DEMO.accessToken.token,
      DEMO.accessToken.secret,
      DEMO.app.consumerSecret,
      "oauth_signature",
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it("records nothing of a trace its caller did not sample, in either service", async () => {
    exporter.reset();
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const body = await query(QUERY, { traceparent: `00-${traceId}-00f067aa0ba902b7-00` });
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    expect(body.data).toBeDefined();
    // A sampled query after it: once its spans are out, the unsampled one's would be too.
    await query(QUERY);
    const spans = await spansWhen((all) =>
      all.some((span) => span.instrumentationScope.name === SERVER_SCOPE && !parentOf(span)),
    );
    expect(spans.filter((span) => traceOf(span) === traceId)).toEqual([]);
    // ads-api followed the decision (its traceparent was sent): no trace of its own started.
    const roots = spans.filter((span) => parentOf(span) === undefined);
    expect(roots.map((span) => span.name)).toEqual(["POST /graphql"]);
  });

  it("records an operation's errors by code, never by message or variable", async () => {
    exporter.reset();
    const body = await query(`query Missing { account(rawId: "nosuchaccount") { rawId } }`);
    expect(body.errors).toBeDefined();
    const isOperation = (span: ReadableSpan) => span.name === "query Missing";
    const operation = (await spansWhen((all) => all.some(isOperation))).find(isOperation);
    expect(operation?.status.code).toBe(SpanStatusCode.ERROR);
    expect(operation?.attributes["graphql.error.count"]).toBe(1);
    const codes = operation?.attributes["graphql.error.codes"];
    expect(Array.isArray(codes) && codes.length === 1).toBe(true);
    expect(exportedText(operation as ReadableSpan)).not.toContain("nosuchaccount");
  });

  it("masks the OAuth callback's token and verifier in the request span", async () => {
    exporter.reset();
    const verifier = "verifier-SHOULD-NOT-BE-EXPORTED";
    const requestToken = "request-token-SHOULD-NOT-BE-EXPORTED";
    await send(
      `${facade.origin}/auth/callback?oauth_token=${requestToken}&oauth_verifier=${verifier}`,
      {},
    );
    const isCallback = (span: ReadableSpan) => span.attributes["http.route"] === "/auth/callback";
    const callback = (await spansWhen((all) => all.some(isCallback))).find(isCallback);
    expect(callback?.name).toBe("GET /auth/callback");
    const text = exporter.getFinishedSpans().map(exportedText).join("\n");
    expect(text).toContain("/auth/callback");
    expect(text).not.toContain(verifier);
    expect(text).not.toContain(requestToken);
  });
});
