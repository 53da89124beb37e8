import { afterEach, describe, expect, it } from "vitest";
import { RestApiError, RestValidationError, answerWith, forEndpoints } from "../src/index.js";
import type { Middleware, MiddlewareContext } from "../src/index.js";
import { clientFor } from "./support/client.js";
import { campaign, listEnvelope, singleEnvelope } from "./support/fixtures.js";
import { json, startScriptedServer } from "./support/scripted-server.js";
import type { ScriptedServer } from "./support/scripted-server.js";

let server: ScriptedServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const list = { account_id: "acc1" };

describe("middleware", () => {
  it("sees the endpoint id, the validated parameters and the options of every call", async () => {
    server = await startScriptedServer(() => json(200, listEnvelope([campaign("c1")], null)));
    const seen: MiddlewareContext[] = [];
    const observe: Middleware = async (ctx, next) => {
      seen.push(ctx);
      return next();
    };
    const client = clientFor(server, { middleware: [observe] });
    const signal = new AbortController().signal;
    const page = await client.call("campaigns.list", { ...list, count: 5 }, { signal });
    expect(page.data.map((c) => c.id)).toEqual(["c1"]);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.endpointId).toBe("campaigns.list");
    expect(seen[0]?.params).toMatchObject({ account_id: "acc1", count: 5 });
    expect(seen[0]?.options.signal).toBe(signal);
    await client.close();
  });

  it("runs after validation: invalid parameters never reach a layer", async () => {
    server = await startScriptedServer(() => json(200, listEnvelope([], null)));
    let calls = 0;
    const client = clientFor(server, {
      middleware: [
        (_ctx, next) => {
          calls += 1;
          return next();
        },
      ],
    });
    await expect(client.call("campaigns.list", { account_id: "acc1", count: 0 })).rejects.toThrow(
      RestValidationError,
    );
    expect(calls).toBe(0);
    expect(server.requests).toHaveLength(0);
    await client.close();
  });

  it("may answer without sending, and retry by calling next again", async () => {
    server = await startScriptedServer([
      json(400, { errors: [{ code: "INVALID", message: "once" }] }),
      json(200, singleEnvelope(campaign("c2"))),
    ]);
    const cached = forEndpoints(["campaigns.get"], async (ctx, next) => {
      if (ctx.params.campaign_id === "cached") {
        return answerWith(singleEnvelope(campaign("cached")));
      }
      return next().catch((error: unknown) => {
        if (error instanceof RestApiError && error.status === 400) return next();
        throw error;
      });
    });
    const client = clientFor(server, { middleware: [cached] });
    const hit = await client.call("campaigns.get", { account_id: "acc1", campaign_id: "cached" });
    expect(hit.data.id).toBe("cached");
    expect(server.requests).toHaveLength(0);
    const retried = await client.call("campaigns.get", { account_id: "acc1", campaign_id: "c2" });
    expect(retried.data.id).toBe("c2");
    expect(server.requests).toHaveLength(2);
    await client.close();
  });

  it("stacks a derived client's layers outside the shared client's, and hands on their errors", async () => {
    server = await startScriptedServer(() => json(200, listEnvelope([], null)));
    const order: string[] = [];
    const named =
      (name: string): Middleware =>
      async (_ctx, next) => {
        order.push(`${name} in`);
        const answer = await next();
        order.push(`${name} out`);
        return answer;
      };
    const shared = clientFor(server, { middleware: [named("pool")] });
    const perRequest = shared.with({ middleware: [named("request")] });
    await perRequest.call("campaigns.list", list);
    expect(order).toEqual(["request in", "pool in", "pool out", "request out"]);
    // A derived client adds to the shared one, never to its parent.
    order.length = 0;
    await shared.call("campaigns.list", list);
    expect(order).toEqual(["pool in", "pool out"]);

    class Refused extends Error {}
    const refusing = shared.with({
      middleware: [
        () => {
          throw new Refused("not you");
        },
      ],
    });
    await expect(refusing.collect("campaigns.list", list)).rejects.toBeInstanceOf(Refused);
    await expect(refusing.call("campaigns.list", list)).rejects.toBeInstanceOf(Refused);
    // Closing a derived client leaves the shared pool open.
    await perRequest.close();
    await expect(shared.call("campaigns.list", list)).resolves.toMatchObject({ data: [] });
    await shared.close();
  });

  it("lets a layer change the options the layers below see (here: an extra hook)", async () => {
    server = await startScriptedServer([
      { reset: true },
      json(200, listEnvelope([campaign("c1")], null)),
    ]);
    const attempts: number[] = [];
    const counting: Middleware = (ctx, next) =>
      next({
        options: { ...ctx.options, hooks: { onRequest: (event) => attempts.push(event.attempt) } },
      });
    const client = clientFor(server, { middleware: [counting] });
    await client.call("campaigns.list", list);
    // The retry layer sits below: every attempt is seen.
    expect(attempts).toEqual([1, 2]);
    await client.close();
  });
});
