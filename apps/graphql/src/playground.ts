import { MS_PER_HOUR, formatTimestamp } from "@adsgraph/models";
import type { GraphiQLOptions } from "graphql-yoga";

/** The playground's starting query: the caller, its accounts and a first look at each. */
export const EXAMPLE_QUERY = `# Your accounts, their campaigns and what funds them. Ctrl-Enter runs it.
query Example {
  viewer {
    screenName
    accounts(first: 5) {
      totalCount
      edges {
        node {
          id
          name
          campaigns(first: 5, sort: { field: NAME, direction: ASC }) {
            totalCount
            pageInfo { hasNextPage endCursor }
            edges {
              node {
                name
                entityStatus
                dailyBudget { micros currency }
                fundingInstrument { type description }
              }
            }
          }
        }
      }
    }
  }
}
`;

/**
 * The playground's second tab: a week of delivery per campaign (issue 36). One `metrics` field
 * per campaign; the facade batches a page of them into `stats.get` requests of 20 ids.
 */
export const METRICS_EXAMPLE_QUERY = `# Delivery of your campaigns over the last 7 days, per day: impressions, engagements
# and spend. The range (Variables, below) is whole hours in UTC, end excluded, at most 90 days;
# granularity: HOUR, DAY or TOTAL. A range of closed hours is fetched once and then kept.
query CampaignMetrics($range: MetricsRangeInput!) {
  viewer {
    accounts(first: 2) {
      nodes {
        name
        campaigns(first: 20) {
          nodes {
            name
            metrics(range: $range, granularity: DAY) {
              bucketStarts
              engagement {
                impressions { total points { start value } }
                engagements { total }
              }
              billing {
                spend { total { micros currency } points { start value { micros } } }
              }
            }
          }
        }
      }
    }
  }
}
`;

const iso = (ms: number) => formatTimestamp(new Date(ms));

/** The metrics example's variables: the 7 × 24 whole hours before the current hour. */
export function metricsExampleVariables(now: number): string {
  const end = Math.floor(now / MS_PER_HOUR) * MS_PER_HOUR;
  const range = { start: iso(end - 7 * 24 * MS_PER_HOUR), end: iso(end) };
  return JSON.stringify({ range }, null, 2);
}

/**
 * Stand-ins for the example's range in the page (built once, 9 MB): each page served has the
 * range of its own hour. Letters and `_` only, unchanged by any escaping.
 */
export const RANGE_START = "ADSGRAPH_RANGE_START";
export const RANGE_END = "ADSGRAPH_RANGE_END";

/** The page with the example range of `now` in place of its stand-ins. */
export function withExampleRange(html: string, now: number): string {
  const { range } = JSON.parse(metricsExampleVariables(now)) as {
    range: { start: string; end: string };
  };
  return html.replaceAll(RANGE_START, range.start).replaceAll(RANGE_END, range.end);
}

export interface PlaygroundOptions {
  /** JSON text of headers the playground sends, e.g. a dev session's Authorization. */
  defaultHeaders?: string;
  defaultQuery?: string;
  /**
   * graphql-ws connectionParams of the playground's subscriptions, e.g. a dev session's
   * `authorization` (the header editor's headers reach HTTP requests only). Without it a
   * signed-in browser's session cookie authenticates the WebSocket (same origin).
   */
  connectionParams?: Record<string, string>;
}

/**
 * A "Sign out" button over GraphiQL: it posts to `/auth/logout` as the facade's own page does
 * (a JSON body, which no other site can send without CORS) and says the outcome on its label
 * ("Signed out", or "Not signed in" when the route refused), leaving the editors as they are.
 */
export const SIGN_OUT = `<div style="position:fixed;top:6px;right:12px;z-index:100;font:13px system-ui,sans-serif">
<button id="adsgraph-sign-out" type="button" title="End this browser's session (POST /auth/logout)">Sign out</button>
<script>
document.getElementById("adsgraph-sign-out").addEventListener("click", async () => {
  const button = document.getElementById("adsgraph-sign-out");
  button.disabled = true;
  const response = await fetch("/auth/logout", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  }).catch(() => undefined);
  button.textContent = response && response.ok ? "Signed out" : "Not signed in";
  button.disabled = false;
});
</script>
</div>`;

/** The sign-out button goes before the last occurrence of this. */
export const SIGN_OUT_BEFORE = "</body>";

/**
 * The page with the sign-out button as the body's last child (found from the end: the inlined
 * GraphiQL bundle holds the text "<body>" in its scripts).
 */
export function withSignOut(html: string): string {
  const at = html.lastIndexOf(SIGN_OUT_BEFORE);
  return at === -1 ? html : `${html.slice(0, at)}${SIGN_OUT}${html.slice(at)}`;
}

/** GraphiQL's options: the examples, the dev session's header, subscriptions over graphql-ws. */
export function graphiqlOptions(
  options: PlaygroundOptions = {},
): GraphiQLOptions & { connectionParams?: Record<string, string> } {
  // The renderer passes every option to its client (url-loader), connectionParams too.
  return {
    title: "adsgraph",
    defaultQuery: options.defaultQuery ?? EXAMPLE_QUERY,
    // The first tab is the default query; each tab carries the dev session's header.
    defaultTabs: [
      { query: options.defaultQuery ?? EXAMPLE_QUERY, headers: options.defaultHeaders },
      {
        query: METRICS_EXAMPLE_QUERY,
        variables: JSON.stringify({ range: { start: RANGE_START, end: RANGE_END } }, null, 2),
        headers: options.defaultHeaders,
      },
    ],
    // Subscriptions over graphql-ws at the same /graphql URL (ws:// or wss://).
    subscriptionsProtocol: "WS",
    ...(options.defaultHeaders !== undefined && {
      headers: options.defaultHeaders,
      shouldPersistHeaders: false,
    }),
    ...(options.connectionParams !== undefined && {
      connectionParams: options.connectionParams,
    }),
  };
}
