import type { Facade } from "./servers.js";

/** What one run of a reference query did: possibly several GraphQL requests (pages). */
export interface Walk {
  /** Wall time of the whole walk, first request sent to last answer read. */
  ms: number;
  graphqlRequests: number;
  /** Upstream requests the facade reported (extensions.upstream). */
  upstreamRequests: number;
  /** The least any implementation needs: per level ceil(distinct ids / 200), plus list pages. */
  minimumRequests: number;
  /** Upstream round trips that must follow one another (each waits for the previous answer). */
  dependentLevels: number;
  /** What was read, to check every mode answered the same. */
  items: number;
}

export interface ReferenceQuery {
  name: string;
  description: string;
  /** The GraphQL document of each page (variables `id` and `after`). */
  document: string;
  /** The connection under `account` that the pages walk. */
  connection: "campaigns" | "fundingInstruments" | "cards";
  run(facade: Facade, accountId: string): Promise<Walk>;
}

interface Answer<T> {
  data?: T;
  errors?: unknown[];
  extensions?: { upstream?: { requests: number } };
}

async function post<T>(facade: Facade, query: string, variables: Record<string, unknown>) {
  const response = await fetch(facade.url, {
    method: "POST",
    headers: { "content-type": "application/json", ...facade.headers },
    body: JSON.stringify({ query, variables }),
  });
  const answer = (await response.json()) as Answer<T>;
  if (answer.errors !== undefined || answer.data === undefined) {
    throw new Error(`query failed: ${JSON.stringify(answer.errors).slice(0, 500)}`);
  }
  return { data: answer.data, upstream: answer.extensions?.upstream?.requests ?? Number.NaN };
}

const ceilDiv = (n: number, size: number) => Math.ceil(n / size);
const IDS_PER_REQUEST = 200;
const LIST_COUNT = 1000;

interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

/** Pages through a connection, one GraphQL request per page, accumulating the counts. */
async function walkPages<N>(
  facade: Facade,
  query: string,
  accountId: string,
  select: (data: unknown) => { pageInfo: PageInfo; edges: { node: N }[] },
  perPage: (nodes: N[]) => { minimum: number; levels: number },
): Promise<Walk> {
  const started = performance.now();
  const walk: Walk = {
    ms: 0,
    graphqlRequests: 0,
    upstreamRequests: 0,
    minimumRequests: 0,
    dependentLevels: 0,
    items: 0,
  };
  let after: string | null = null;
  for (;;) {
    const { data, upstream } = await post(facade, query, { id: accountId, after });
    const connection = select(data);
    const nodes = connection.edges.map((edge) => edge.node);
    const cost = perPage(nodes);
    walk.graphqlRequests += 1;
    walk.upstreamRequests += upstream;
    walk.minimumRequests += cost.minimum;
    walk.dependentLevels += cost.levels;
    walk.items += nodes.length;
    if (!connection.pageInfo.hasNextPage) break;
    after = connection.pageInfo.endCursor;
  }
  walk.ms = performance.now() - started;
  return walk;
}

const CAMPAIGNS_WITH_FUNDING = `query CampaignsWithFunding($id: String!, $after: String) {
  account(id: $id) {
    campaigns(first: 1000, after: $after) {
      pageInfo { hasNextPage endCursor }
      edges { node { rawId name dailyBudget { micros currency } fundingInstrument { rawId type currency } } }
    }
  }
}`;

const FUNDING_WITH_CAMPAIGNS = `query FundingWithCampaigns($id: String!) {
  account(id: $id) {
    fundingInstruments(first: 500) {
      pageInfo { hasNextPage endCursor }
      edges { node { rawId currency campaigns { rawId name } } }
    }
  }
}`;

const CARDS_WITH_MEDIA = `query CardsWithMedia($id: String!, $after: String) {
  account(id: $id) {
    cards(first: 200, after: $after) {
      pageInfo { hasNextPage endCursor }
      edges { node { rawId name cardType media { mediaKey mediaType mediaUrl } } }
    }
  }
}`;

type Data<K extends string, N> = {
  account: Record<K, { pageInfo: PageInfo; edges: { node: N }[] }>;
};

export const REFERENCE_QUERIES: ReferenceQuery[] = [
  {
    name: "campaigns-with-funding-instrument",
    document: CAMPAIGNS_WITH_FUNDING,
    connection: "campaigns",
    description:
      "An account with all its campaigns (pages of 1,000) and each campaign's funding instrument",
    run: (facade, accountId) =>
      walkPages<{ fundingInstrument: { rawId: string } | null }>(
        facade,
        CAMPAIGNS_WITH_FUNDING,
        accountId,
        (data) => (data as Data<"campaigns", never>).account.campaigns,
        (nodes) => {
          // accounts.get, the campaigns page, then the page's distinct funding instruments.
          const distinct = new Set(nodes.map((n) => n.fundingInstrument?.rawId)).size;
          return {
            minimum: 2 + ceilDiv(distinct, IDS_PER_REQUEST),
            levels: nodes.length > 0 ? 3 : 2,
          };
        },
      ),
  },
  {
    name: "funding-instruments-with-campaigns",
    document: FUNDING_WITH_CAMPAIGNS,
    connection: "fundingInstruments",
    description: "All funding instruments of an account with all their campaigns",
    run: (facade, accountId) =>
      walkPages<{ campaigns: unknown[] | null }>(
        facade,
        FUNDING_WITH_CAMPAIGNS,
        accountId,
        (data) => (data as Data<"fundingInstruments", never>).account.fundingInstruments,
        (nodes) => {
          // accounts.get, the funding instruments page, then their campaigns: 200 instruments
          // per request (funding_instrument_ids), each chunk paged by 1,000 campaigns.
          const pagesPerChunk: number[] = [];
          for (let start = 0; start < nodes.length; start += IDS_PER_REQUEST) {
            const campaigns = nodes
              .slice(start, start + IDS_PER_REQUEST)
              .reduce((sum, n) => sum + (n.campaigns?.length ?? 0), 0);
            pagesPerChunk.push(Math.max(1, ceilDiv(campaigns, LIST_COUNT)));
          }
          return {
            minimum: 2 + pagesPerChunk.reduce((a, b) => a + b, 0),
            levels: 2 + Math.max(0, ...pagesPerChunk),
          };
        },
      ),
  },
  {
    name: "cards-with-media",
    document: CARDS_WITH_MEDIA,
    connection: "cards",
    description:
      "All cards of an account (pages of 200, the cards list's maximum) with their media " +
      "library objects (described by each card's answer: no request of their own)",
    run: (facade, accountId) =>
      walkPages<{ media: unknown[] }>(
        facade,
        CARDS_WITH_MEDIA,
        accountId,
        (data) => (data as Data<"cards", never>).account.cards,
        () => ({ minimum: 2, levels: 2 }),
      ),
  },
];
