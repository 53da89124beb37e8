import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { afterEach, describe, expect, it } from "vitest";
import type { SendScope, Middleware } from "../src/index.js";
import { clientFor } from "./support/client.js";
import { campaign, listEnvelope } from "./support/fixtures.js";
import { json, startScriptedServer } from "./support/scripted-server.js";
import type { ScriptedServer } from "./support/scripted-server.js";

let server: ScriptedServer | undefined;
let listener: ((message: unknown) => void) | undefined;

afterEach(async () => {
  if (listener !== undefined) unsubscribe("undici:request:create", listener);
  listener = undefined;
  await server?.close();
  server = undefined;
});

const list = { account_id: "acc1" };

/**
 * What an HTTP instrumentation sees when undici creates each request (it reads its tracer's
 * active context there): the label of the scope open at that moment, if any.
 */
function watchRequestCreation(): (string | undefined)[] {
  const seen: (string | undefined)[] = [];
  listener = () => {
    seen.push(open);
  };
  subscribe("undici:request:create", listener);
  return seen;
}

let open: string | undefined;
const scopeOf =
  (label: string, calls: string[]): SendScope =>
  (send) => {
    calls.push(label);
    const before = open;
    open = label;
    try {
      return send();
    } finally {
      open = before;
    }
  };

describe("CallOptions.scope", () => {
  it("runs every attempt's hand-over to the pool, so the request is created inside it", async () => {
    server = await startScriptedServer([
      json(503, { errors: [] }),
      json(200, listEnvelope([campaign("c1")], null)),
    ]);
    const created = watchRequestCreation();
    const calls: string[] = [];
    const client = clientFor(server, { retry: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 2 } });
    const page = await client.call("campaigns.list", list, { scope: scopeOf("batch 1", calls) });
    expect(page.data.map((c) => c.id)).toEqual(["c1"]);
    // The retry too: each attempt is a request of its own.
    expect(calls).toEqual(["batch 1", "batch 1"]);
    expect(created).toEqual(["batch 1", "batch 1"]);
    expect(open).toBeUndefined();
    await client.close();
  });

  it("can be set by a middleware for the layers below", async () => {
    server = await startScriptedServer(() => json(200, listEnvelope([], null)));
    const created = watchRequestCreation();
    const calls: string[] = [];
    const scoped: Middleware = (ctx, next) =>
      next({ options: { ...ctx.options, scope: scopeOf("operation", calls) } });
    const client = clientFor(server, { middleware: [scoped] });
    await client.call("campaigns.list", list);
    await client.call("campaigns.list", list);
    expect(created).toEqual(["operation", "operation"]);
    await client.close();
  });

  it("is not needed: without it requests are sent as before", async () => {
    server = await startScriptedServer(() => json(200, listEnvelope([], null)));
    const created = watchRequestCreation();
    const client = clientFor(server);
    await client.call("campaigns.list", list);
    expect(created).toEqual([undefined]);
    expect(server.requests).toHaveLength(1);
    await client.close();
  });
});
