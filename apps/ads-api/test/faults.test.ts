import { signRequest } from "@adsgraph/oauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../src/config.js";
import { decideFault, parseFaults } from "../src/faults/fault-settings.js";
import type { FaultDecision } from "../src/faults/fault-settings.js";
import { seededRandom } from "../src/seeded-random.js";
import type { RunningServer } from "../src/server.js";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { withQuery } from "./support/signed-fetch.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";

/** What a plain HTTP client sees of one exchange. */
type Seen =
  | { kind: "answer"; status: number; headers: Headers; text: string }
  | { kind: "reset"; code: string | undefined }
  | { kind: "truncated"; status: number; contentLength: number; received: number };

const causeCode = (error: unknown) => ((error as { cause?: { code?: string } }).cause ?? {}).code;

async function observe(url: string, init: RequestInit = {}): Promise<Seen> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    return { kind: "reset", code: causeCode(error) };
  }
  const chunks: Uint8Array[] = [];
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
  } catch {
    return {
      kind: "truncated",
      status: response.status,
      contentLength: Number(response.headers.get("content-length")),
      received: chunks.reduce((sum, chunk) => sum + chunk.length, 0),
    };
  }
  const text = Buffer.concat(chunks).toString("utf8");
  return { kind: "answer", status: response.status, headers: response.headers, text };
}

/** The server's draws, replayed: `peek` the next one, `take` it when its request is sent. */
function predictor() {
  const random = seededRandom(FAULTS.seed);
  let upcoming: FaultDecision | undefined;
  const peek = () => (upcoming ??= decideFault(FAULTS, random));
  return {
    peek,
    take(): FaultDecision {
      const decision = peek();
      upcoming = undefined;
      return decision;
    },
  };
}

// High shares so that 40 requests show every kind; the seed makes the sequence known.
const FAULTS = parseFaults(
  "5xx=0.2,429=0.2,reset=0.2,truncate=0.2,reset-after=0.5,retry-after=3,seed=5",
);

describe("ADS_API_FAULTS on the wire (plain fetch client)", () => {
  let base: TestServer;
  let faulty: RunningServer;
  let actor: Actor;
  let accountId: string;
  let fundingId: string;
  // The ads host draws from its own stream, in arrival order: replayed here to predict it.
  const draws = predictor();

  beforeAll(async () => {
    base = await startTestServer("pglite");
    // A second server over the same database, with faults (as the bench runs them).
    faulty = await base.startAnother({ faults: FAULTS });
    actor = await createActor(base.ctx);
    ({ accountId, fundingInstrumentId: fundingId } = await createAccountFor(
      base.ctx,
      actor.userId,
    ));
  });
  // Closes the faulty server too.
  afterAll(() => base.close());

  it("answers each catalog request as its seeded draw says; /health and /_admin draw nothing", async () => {
    const kinds = new Set<string>();
    for (let i = 0; i < 40; i += 1) {
      const { fault } = draws.take();
      kinds.add(fault.kind);
      // Unsigned: without a fault the answer is the 401 of the handler.
      const seen = await observe(`${faulty.urls.ads}/12/accounts`);
      switch (fault.kind) {
        case "none":
          expect(seen).toMatchObject({ kind: "answer", status: 401 });
          break;
        case "server-error": {
          expect(seen).toMatchObject({ kind: "answer", status: fault.status });
          if (seen.kind !== "answer") break;
          expect(seen.text).toContain('"code":"INTERNAL_ERROR"');
          expect(seen.text).toContain("fault injected by ADS_API_FAULTS");
          expect(seen.headers.get("retry-after")).toBe(fault.status === 503 ? "3" : null);
          break;
        }
        case "rate-limit": {
          expect(seen).toMatchObject({ kind: "answer", status: 429 });
          if (seen.kind !== "answer") break;
          expect(seen.headers.get("x-rate-limit-limit")).toBe(String(DEFAULT_LIMITS.userRate));
          expect(seen.headers.get("x-rate-limit-remaining")).toBe("0");
          expect(Number(seen.headers.get("x-rate-limit-reset"))).toBeGreaterThan(Date.now() / 1000);
          expect(seen.text).toContain('"code":88');
          break;
        }
        case "reset":
          expect(seen).toEqual({ kind: "reset", code: "ECONNRESET" });
          break;
        case "truncate": {
          expect(seen).toMatchObject({ kind: "truncated", status: 401 });
          if (seen.kind !== "truncated") break;
          expect(seen.received).toBeGreaterThan(0);
          expect(seen.received).toBeLessThan(seen.contentLength);
          break;
        }
      }
      expect(await observe(`${faulty.urls.ads}/health`)).toMatchObject({ status: 200 });
      expect(await observe(`${faulty.urls.ads}/_admin/requests`)).toMatchObject({ status: 200 });
    }
    expect([...kinds].sort()).toEqual(["none", "rate-limit", "reset", "server-error", "truncate"]);
  });

  /** Sends harmless GETs until the next draw is the one wanted (the sequence is known). */
  async function advanceTo(wanted: (decision: FaultDecision) => boolean): Promise<void> {
    for (let i = 0; i < 200; i += 1) {
      if (wanted(draws.peek())) return;
      draws.take();
      await observe(`${faulty.urls.ads}/12/accounts`);
    }
    throw new Error("no such draw in 200 requests");
  }

  const createCampaign = (name: string) => {
    const url = withQuery(faulty.urls.ads, `/12/accounts/${accountId}/campaigns`, {
      name,
      funding_instrument_id: fundingId,
      daily_budget_amount_local_micro: 5_000_000,
      entity_status: "PAUSED",
    });
    const { authorization } = signRequest({
      method: "POST",
      url,
      consumer: actor.credentials.consumer,
      token: actor.credentials.token,
    });
    return observe(url, { method: "POST", headers: { authorization } });
  };
  const campaignsNamed = (name: string) =>
    base.ctx.prisma.campaign.count({ where: { accountId, name } });

  it("a reset after the handler loses the answer of an applied write; one before it applies nothing", async () => {
    await advanceTo((d) => d.fault.kind === "reset" && d.fault.after);
    draws.take();
    expect(await createCampaign("reset after")).toEqual({ kind: "reset", code: "ECONNRESET" });
    expect(await campaignsNamed("reset after")).toBe(1);

    await advanceTo((d) => d.fault.kind === "reset" && !d.fault.after);
    draws.take();
    expect(await createCampaign("reset before")).toEqual({ kind: "reset", code: "ECONNRESET" });
    expect(await campaignsNamed("reset before")).toBe(0);

    await advanceTo((d) => d.fault.kind === "truncate");
    draws.take();
    expect(await createCampaign("truncated")).toMatchObject({ kind: "truncated", status: 200 });
    expect(await campaignsNamed("truncated")).toBe(1);

    await advanceTo((d) => d.fault.kind === "server-error");
    draws.take();
    expect(await createCampaign("server error")).toMatchObject({ kind: "answer" });
    expect(await campaignsNamed("server error")).toBe(0);
  });
});
