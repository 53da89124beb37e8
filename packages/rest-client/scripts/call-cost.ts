// What one upstream call costs this package's own code (issue 37): signing alone, then whole
// calls through the client against a dispatcher that answers at once from memory (no socket,
// no server: what is left is the client's work, undici's request API excluded). Not a test:
// `cd packages/rest-client && ../../bench/node_modules/.bin/tsx --conditions=source scripts/call-cost.ts`
// (docs/rest-client.md "What a call costs").
// Each measure runs in alternating rounds with a fixed reference workload (JSON.parse of the
// same list body), so figures are read as ratios to that reference: the machine is shared.
//
// Settings (environment): CALL_COST_SIGNS (default 100000), CALL_COST_CALLS (default 5000),
// CALL_COST_ROUNDS (default 3), CALL_COST_ONLY (a measure's name: that one alone, for a profile).
import { Readable } from "node:stream";
import { createRequestSigner, signRequest } from "@adsgraph/oauth";
import type { Dispatcher } from "undici";
import { createRestClient } from "../src/index.js";

const signs = Number(process.env.CALL_COST_SIGNS ?? 100_000);
const calls = Number(process.env.CALL_COST_CALLS ?? 5_000);
const rounds = Number(process.env.CALL_COST_ROUNDS ?? 3);

const consumer = {
  consumerKey: "ck_bench_key_0123456789",
  consumerSecret: "cs_bench_secret_abcdef",
};
const token = { token: "1234567890-AbCdEfGhIjKlMnOpQrStUvWxYz", tokenSecret: "ts_bench*secret!" };
const url = new URL(
  "https://ads-api.example.com/12/accounts/18ce54d4x5t/campaigns?count=200&with_deleted=false&sort_by=created_at-asc",
);

const T = "2025-01-01T00:00:00Z";
const campaigns = Array.from({ length: 100 }, (_, i) => ({
  id: `c${i}`,
  created_at: T,
  updated_at: T,
  deleted: false,
  name: `campaign ${i}`,
  funding_instrument_id: "fi1",
  daily_budget_amount_local_micro: null,
  total_budget_amount_local_micro: 5_000_000,
  standard_delivery: true,
  entity_status: "PAUSED",
  servable: false,
  reasons_not_servable: ["PAUSED_BY_ADVERTISER"],
  currency: "USD",
}));
const listBody = JSON.stringify({
  request: { params: {} },
  data: campaigns,
  next_cursor: null,
  data_type: "campaign",
});
const answerHeaders = {
  "content-type": "application/json; charset=utf-8",
  "x-request-id": "req-1",
  "x-rate-limit-limit": "450",
  "x-rate-limit-remaining": "449",
  "x-rate-limit-reset": "1735732800",
  "x-account-rate-limit-limit": "2000",
  "x-account-rate-limit-remaining": "1999",
  "x-account-rate-limit-reset": "1735732800",
};

/** undici's request API, answered from memory: only what the transport reads of it. */
const dispatcher = {
  request: () =>
    Promise.resolve({
      statusCode: 200,
      headers: answerHeaders,
      body: Object.assign(Readable.from([]), { text: () => Promise.resolve(listBody) }),
    }),
  close: () => Promise.resolve(),
} as unknown as Dispatcher;

function clientWith(validateResponses: boolean | { sampleEvery: number }) {
  const base = "https://ads-api.example.com";
  return createRestClient({
    hosts: { base, ads: base, "ads-sandbox": base },
    auth: { consumer, token },
    dispatcher,
    validateResponses,
  });
}

async function callLoop(validateResponses: boolean | { sampleEvery: number }): Promise<void> {
  const client = clientWith(validateResponses);
  for (let i = 0; i < calls; i += 1) {
    await client.call("campaigns.list", { account_id: "18ce54d4x5t", count: 200 });
  }
}

const measures: Record<string, () => void | Promise<void>> = {
  reference: () => {
    for (let i = 0; i < calls; i += 1) JSON.parse(listBody);
  },
  "signRequest (plain)": () => {
    for (let i = 0; i < signs; i += 1) signRequest({ method: "GET", url, consumer, token });
  },
  "signer (cached key)": () => {
    const signer = createRequestSigner(consumer, token);
    for (let i = 0; i < signs; i += 1) signer.sign({ method: "GET", url });
  },
  "call, validation sampled 1/16": () => callLoop({ sampleEvery: 16 }),
  "call, validation full": () => callLoop(true),
};

const only = process.env.CALL_COST_ONLY;
const chosen = Object.entries(measures).filter(([name]) => only === undefined || name === only);
const times = new Map<string, number[]>(chosen.map(([name]) => [name, []]));
for (let round = 0; round < rounds + 1; round += 1) {
  for (const [name, run] of chosen) {
    const start = process.cpuUsage();
    await run();
    const used = process.cpuUsage(start);
    // Round 0 warms up (JIT), unmeasured.
    if (round > 0) times.get(name)?.push((used.user + used.system) / 1000);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? NaN;
const reference = median(times.get("reference") ?? []);
console.log(`| measure | CPU ms (median of ${rounds}) | µs each | ÷ reference |`);
console.log("|---|---:|---:|---:|");
for (const [name, values] of times) {
  const ms = median(values);
  const each = name.startsWith("sign") ? signs : calls;
  console.log(
    `| ${name} | ${ms.toFixed(0)} | ${((ms * 1000) / each).toFixed(2)} | ${(ms / reference).toFixed(2)} |`,
  );
}
