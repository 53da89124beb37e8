// The soak's steady mixed load (docs/benchmarks.md "Soak"): GraphQL reads and writes through the
// facade, activity events posted to ads-api's loopback admin endpoint, and one GraphQL
// subscription receiving them over a WebSocket. Each kind runs as an open loop at its own rate
// (request i due at i / rate seconds, whether or not earlier ones have answered).
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { ACTIVITY_SUBSCRIPTION } from "./activity-subscribers.js";
import { postActions } from "./activity-generator.js";
import type { ChildServers } from "./children.js";
import { errorCodes, postGraphQL } from "./graphql.js";
import { REFERENCE_QUERIES, type ReferenceQuery } from "./queries.js";
import { percentile, round1 } from "./stats.js";

/** Requests of one kind in flight beyond which later ones are skipped (the server fell behind). */
const MAX_IN_FLIGHT = 32;
/** Campaigns the writes update in turn (always the same rows: the data does not grow). */
const WRITTEN_CAMPAIGNS = 20;
const READ: ReferenceQuery = REFERENCE_QUERIES[0] as ReferenceQuery;
const CAMPAIGN_IDS = `query SoakCampaigns($id: String!) {
  account(rawId: $id) { campaigns(first: ${WRITTEN_CAMPAIGNS}) { edges { node { id } } } }
}`;
const UPDATE = `mutation SoakUpdate($input: UpdateCampaignInput!) {
  updateCampaign(input: $input) { __typename ... on Error { code message } }
}`;

export interface Rates {
  /** The first reference query (one page of 300 campaigns with their funding instruments). */
  readsPerSecond: number;
  /** updateCampaign of one of WRITTEN_CAMPAIGNS campaigns, its daily budget changed. */
  writesPerSecond: number;
  /** Bio changes of the signed-in user, stored by ads-api, fanned out to the subscription. */
  eventsPerSecond: number;
}

/** What one kind of request did over the run. */
export interface LaneReport {
  ratePerSecond: number;
  sent: number;
  answered: number;
  errors: number;
  skipped: number;
  maxInFlight: number;
  p50Ms: number;
  p99Ms: number;
  /** The first few distinct failures, as they read. */
  failures: string[];
}

export interface LoadReport {
  reads: LaneReport;
  writes: LaneReport;
  events: LaneReport;
  subscription: {
    /** Events the admin endpoint stored after the subscription was live. */
    stored: number;
    /** Of them, those the subscription received (by id). */
    received: number;
    errors: string[];
    /** True when the WebSocket was still open at the end. */
    openAtEnd: boolean;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One open loop: `task` at `rate` per second until `seconds`, at most MAX_IN_FLIGHT at once. */
async function lane(
  rate: number,
  seconds: number,
  warmupSeconds: number,
  task: (index: number) => Promise<string | undefined>,
): Promise<LaneReport> {
  const report: LaneReport = {
    ratePerSecond: rate,
    sent: 0,
    answered: 0,
    errors: 0,
    skipped: 0,
    maxInFlight: 0,
    p50Ms: 0,
    p99Ms: 0,
    failures: [],
  };
  if (rate <= 0) return report;
  const latencies: number[] = [];
  const pending = new Set<Promise<void>>();
  let inFlight = 0;
  const started = performance.now();
  for (let i = 0; ; i += 1) {
    const due = i / rate;
    if (due >= seconds) break;
    const wait = due * 1000 - (performance.now() - started);
    if (wait > 0) await sleep(wait);
    if (inFlight >= MAX_IN_FLIGHT) {
      report.skipped += 1;
      continue;
    }
    report.sent += 1;
    inFlight += 1;
    report.maxInFlight = Math.max(report.maxInFlight, inFlight);
    const sentAt = performance.now();
    const request: Promise<void> = task(i)
      .catch((error: unknown) => (error instanceof Error ? error.message : String(error)))
      .then((failure) => {
        inFlight -= 1;
        pending.delete(request);
        if (failure === undefined) report.answered += 1;
        else {
          report.errors += 1;
          if (report.failures.length < 5 && !report.failures.includes(failure)) {
            report.failures.push(failure.slice(0, 300));
          }
        }
        if (due >= warmupSeconds) latencies.push(performance.now() - sentAt);
      });
    pending.add(request);
  }
  await Promise.all(pending);
  report.p50Ms = round1(percentile(latencies, 50));
  report.p99Ms = round1(percentile(latencies, 99));
  return report;
}

interface ActivityData {
  activityEvents: { __typename: string; rawId?: string };
}

/** The facade's WebSocket URL of its GraphQL endpoint. */
const wsUrlOf = (url: string) => url.replace(/^http/, "ws");

/**
 * Runs the mixed load for `seconds` against the servers (the facade's dev session is the
 * signed-in user; `accountId` is a bench account it may write).
 */
export async function runMixedLoad(
  servers: ChildServers,
  options: {
    rates: Rates;
    seconds: number;
    warmupSeconds: number;
    accountId: string;
    userId: string;
  },
): Promise<LoadReport> {
  const { facade, adsApi } = servers;
  const { rates, seconds, warmupSeconds, accountId, userId } = options;
  const ids = await postGraphQL(facade, CAMPAIGN_IDS, { id: accountId });
  const campaigns =
    ids.kind === "answer"
      ? ((
          ids.data as { account: { campaigns: { edges: { node: { id: string } }[] } } } | null
        )?.account.campaigns.edges.map((edge) => edge.node.id) ?? [])
      : [];
  if (campaigns.length === 0)
    throw new Error(`no campaigns to write: ${errorCodes(ids).join(", ")}`);

  // The subscription first: events count from the moment it says it is live.
  const received = new Set<string>();
  const subscriptionErrors: string[] = [];
  let open = false;
  const client: Client = createClient({
    url: wsUrlOf(facade.url),
    webSocketImpl: WebSocket,
    connectionParams: { authorization: facade.headers.authorization ?? "" },
    // A lost connection is a finding, not something to hide behind a reconnect.
    retryAttempts: 0,
    on: {
      connected: () => {
        open = true;
      },
      closed: () => {
        open = false;
      },
    },
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error("the subscription did not go live in 60 s"));
    }, 60_000);
    client.subscribe<ActivityData>(
      { query: ACTIVITY_SUBSCRIPTION },
      {
        next: (result) => {
          const event = result.data?.activityEvents;
          if (event === undefined) {
            subscriptionErrors.push(JSON.stringify(result.errors ?? result).slice(0, 300));
            return;
          }
          if (event.__typename === "ActivityFeedLive") {
            clearTimeout(timer);
            resolve();
          } else if (event.rawId !== undefined) received.add(event.rawId);
        },
        error: (error) => {
          subscriptionErrors.push(error instanceof Error ? error.message : JSON.stringify(error));
          clearTimeout(timer);
          reject(new Error(`the subscription failed: ${subscriptionErrors.join("; ")}`));
        },
        complete: () => {
          subscriptionErrors.push("completed by the server");
        },
      },
    );
  });

  const stored: string[] = [];
  const eventsUrl = `${adsApi.urls.base}/_admin/activity/events`;
  const graphql = async (query: string, variables: Record<string, unknown>, field?: string) => {
    const exchange = await postGraphQL(facade, query, variables);
    if (exchange.kind !== "answer") return exchange.reason;
    if (exchange.errors.length > 0 || exchange.data === null)
      return errorCodes(exchange).join(", ");
    if (field === undefined) return undefined;
    // A mutation's typed failure (`... on Error`) is an error of the load too.
    const payload = (exchange.data as Record<string, { __typename?: string } | null | undefined>)[
      field
    ];
    const name = payload?.__typename ?? "";
    return name.endsWith("Error") || name === ""
      ? `${field}: ${JSON.stringify(payload)}`
      : undefined;
  };
  const [reads, writes, events] = await Promise.all([
    lane(rates.readsPerSecond, seconds, warmupSeconds, () =>
      graphql(READ.document, { id: accountId, after: null }),
    ),
    lane(rates.writesPerSecond, seconds, warmupSeconds, (index) =>
      graphql(
        UPDATE,
        {
          input: {
            id: campaigns[index % campaigns.length],
            // Two budgets in turn: every write changes the row.
            dailyBudget: String((2 + (Math.floor(index / campaigns.length) % 2)) * 1_000_000),
          },
        },
        "updateCampaign",
      ),
    ),
    lane(rates.eventsPerSecond, seconds, warmupSeconds, async (index) => {
      const answered = await postActions(eventsUrl, [userId], [0], `soak ${index}`);
      if (answered.length === 0) return "no event stored (no subscription took it)";
      for (const event of answered) stored.push(event.id);
      return undefined;
    }),
  ]);
  // The last events have a moment to arrive before the subscription is counted.
  for (let wait = 0; wait < 50 && stored.some((id) => !received.has(id)); wait += 1) {
    await sleep(200);
  }
  const openAtEnd = open;
  await client.dispose();
  return {
    reads,
    writes,
    events,
    subscription: {
      stored: stored.length,
      received: stored.filter((id) => received.has(id)).length,
      errors: subscriptionErrors.slice(0, 5),
      openAtEnd,
    },
  };
}
