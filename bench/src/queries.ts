import { errorCodes, postGraphQL } from "./graphql.js";
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

/** The connection under `account` that a reference query's pages walk. */
type ConnectionName = "campaigns" | "fundingInstruments" | "cards";

export interface ReferenceQuery {
  name: string;
  description: string;
  /** The GraphQL document of each page (variables `id` and `after`). */
  document: string;
  connection: ConnectionName;
  /**
   * Runs with the loaders off, without warm-up, when fewer than BENCH_NAIVE_ITERATIONS: for a
   * query whose naive walk makes thousands of requests per level (minutes per walk).
   */
  naiveRuns?: number;
  /** Reads only this many pages (a screen's worth), not to the last. */
  pages?: number;
  /**
   * Its request count may differ run to run by polls (stats jobs: one more list call when a
   * job was not done at the first poll); the minimum is what the plan needs at the fewest.
   */
  pollsVary?: boolean;
  run(facade: Facade, accountId: string): Promise<Walk>;
}

interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

interface Connection {
  pageInfo: PageInfo;
  edges: { node: unknown }[];
}

/** One page of a reference query as the facade answered it. */
export interface PageRead {
  variables: { id: string; after: string | null };
  /** The answer's `data`, whole. */
  data: unknown;
  nodes: unknown[];
  /** Upstream requests the facade reported (extensions.upstream; NaN when it did not). */
  upstream: number;
}

/**
 * The pages of a reference query in order, one GraphQL request each, to the last. Throws on
 * any GraphQL error, and when a page says another follows but gives no new cursor (reading on
 * would fetch the same page forever).
 */
export async function* readPages(
  facade: Facade,
  query: Pick<ReferenceQuery, "name" | "document" | "connection" | "pages">,
  accountId: string,
): AsyncGenerator<PageRead> {
  let after: string | null = null;
  for (let page = 1; ; page += 1) {
    const variables = { id: accountId, after };
    const exchange = await postGraphQL(facade, query.document, variables);
    if (exchange.kind !== "answer" || exchange.errors.length > 0 || exchange.data === null) {
      throw new Error(`${query.name} page ${page} failed: ${errorCodes(exchange).join(", ")}`);
    }
    const data = exchange.data as { account: Record<ConnectionName, Connection> };
    const { pageInfo, edges } = data.account[query.connection];
    yield {
      variables,
      data: exchange.data,
      nodes: edges.map((edge) => edge.node),
      upstream: exchange.extensions?.upstream?.requests ?? Number.NaN,
    };
    if (!pageInfo.hasNextPage || page === query.pages) return;
    if (pageInfo.endCursor === null || pageInfo.endCursor === after) {
      throw new Error(`${query.name} page ${page}: a next page, but the cursor did not advance`);
    }
    after = pageInfo.endCursor;
  }
}

const ceilDiv = (n: number, size: number) => Math.ceil(n / size);
const IDS_PER_REQUEST = 200;
/**
 * accounts.get per page: none. Each query selects only the account's lists, and the warm-up
 * walks confirmed the caller's access, which every page's list read confirms again within
 * ACCESS_CHECK_TTL_SECONDS: the facade reads no account (issue 37, docs/benchmarks.md).
 */
export const ACCOUNT_READS = 0;
const LIST_COUNT = 1000;

/** The upstream requests a page's nodes need at the least, and how many must follow one another. */
type PageCost<N> = (nodes: N[]) => { minimum: number; levels: number };

/** A reference query whose `run` walks every page, adding up the counts. */
export function referenceQuery<N>(
  query: Omit<ReferenceQuery, "run"> & { cost: PageCost<N> },
): ReferenceQuery {
  const { cost, ...rest } = query;
  return {
    ...rest,
    run: async (facade, accountId) => {
      const started = performance.now();
      const walk: Walk = {
        ms: 0,
        graphqlRequests: 0,
        upstreamRequests: 0,
        minimumRequests: 0,
        dependentLevels: 0,
        items: 0,
      };
      for await (const page of readPages(facade, rest, accountId)) {
        const pageCost = cost(page.nodes as N[]);
        walk.graphqlRequests += 1;
        walk.upstreamRequests += page.upstream;
        walk.minimumRequests += pageCost.minimum;
        walk.dependentLevels += pageCost.levels;
        walk.items += page.nodes.length;
      }
      walk.ms = performance.now() - started;
      return walk;
    },
  };
}

const CAMPAIGNS_WITH_FUNDING = `query CampaignsWithFunding($id: String!, $after: String) {
  account(rawId: $id) {
    campaigns(first: 1000, after: $after) {
      pageInfo { hasNextPage endCursor }
      edges { node { rawId name dailyBudget { micros currency } fundingInstrument { rawId type currency } } }
    }
  }
}`;

const FUNDING_WITH_CAMPAIGNS = `query FundingWithCampaigns($id: String!, $after: String) {
  account(rawId: $id) {
    fundingInstruments(first: 400, after: $after) {
      pageInfo { hasNextPage endCursor }
      edges { node { rawId currency campaigns { totalCount nodes { rawId name } } } }
    }
  }
}`;

const CARDS_WITH_MEDIA = `query CardsWithMedia($id: String!, $after: String) {
  account(rawId: $id) {
    cards(first: 200, after: $after) {
      pageInfo { hasNextPage endCursor }
      edges { node { rawId name cardType media { mediaKey mediaType mediaUrl } } }
    }
  }
}`;

/** The most line items per campaign the query reads (a page that has more fails the walk). */
const LINE_ITEMS_PER_PAGE = 2;

// Campaigns 100 to a page: `first` and the attachment lists multiply the cost of each
// campaign's line items (query limits). Curated-category links have no edge to read (spec
// §4.6 lists no list of them).
const CAMPAIGNS_LINE_ITEMS_ATTACHMENTS = `query CampaignsLineItemsAttachments($id: String!, $after: String) {
  account(rawId: $id) {
    campaigns(first: 100, after: $after) {
      pageInfo { hasNextPage endCursor }
      edges { node { rawId lineItems(first: ${LINE_ITEMS_PER_PAGE}) {
        pageInfo { hasNextPage }
        edges { node {
          rawId productType
          mediaCreatives { nodes { rawId accountMediaId } }
          promotedAccounts { nodes { rawId userId } }
          promotedPosts { nodes { rawId postId } }
          trackingTags { nodes { rawId trackingTagUrl } }
        } }
      } } }
    }
  }
}`;

/** The attachment edges of a line item the query reads. */
const ATTACHMENT_EDGES = [
  "mediaCreatives",
  "promotedAccounts",
  "promotedPosts",
  "trackingTags",
] as const;
type AttachmentEdge = (typeof ATTACHMENT_EDGES)[number];

type LineItemNode = { productType: string | null } & Partial<
  Record<AttachmentEdge, { nodes: unknown[] } | null>
>;

interface CampaignNode {
  lineItems: {
    pageInfo: { hasNextPage: boolean };
    edges: { node: LineItemNode }[];
  } | null;
}

/**
 * Whether a line item's edge asks upstream: promoted accounts only for line items that can
 * hold them (the list answers 400 for a request naming none of those).
 */
const asks = (edge: AttachmentEdge, lineItem: LineItemNode) =>
  edge !== "promotedAccounts" || lineItem.productType === "PROMOTED_ACCOUNT";

/** Items of `children(parent)` over parents taken 200 at a time: requests of ≤1,000 items each. */
function pagesPerChunk<P>(parents: readonly P[], children: (parent: P) => number): number[] {
  const pages: number[] = [];
  for (let start = 0; start < parents.length; start += IDS_PER_REQUEST) {
    const items = parents
      .slice(start, start + IDS_PER_REQUEST)
      .reduce((sum, parent) => sum + children(parent), 0);
    pages.push(Math.max(1, ceilDiv(items, LIST_COUNT)));
  }
  return pages;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

export const REFERENCE_QUERIES: ReferenceQuery[] = [
  referenceQuery<{ fundingInstrument: { rawId: string } | null }>({
    name: "campaigns-with-funding-instrument",
    document: CAMPAIGNS_WITH_FUNDING,
    connection: "campaigns",
    description:
      "An account with all its campaigns (pages of 1,000) and each campaign's funding instrument",
    cost: (nodes) => {
      // The campaigns page, then the page's distinct funding instruments.
      const distinct = new Set(nodes.map((n) => n.fundingInstrument?.rawId)).size;
      return {
        minimum: ACCOUNT_READS + 1 + ceilDiv(distinct, IDS_PER_REQUEST),
        levels: ACCOUNT_READS + (nodes.length > 0 ? 2 : 1),
      };
    },
  }),
  referenceQuery<{ campaigns: { totalCount: number } | null }>({
    name: "funding-instruments-with-campaigns",
    document: FUNDING_WITH_CAMPAIGNS,
    connection: "fundingInstruments",
    description: "All funding instruments of an account with all their campaigns",
    cost: (nodes) => {
      // The funding instruments page, then their campaigns: 200 instruments
      // per request (funding_instrument_ids), each chunk paged by 1,000 campaigns.
      const pagesPerChunk: number[] = [];
      for (let start = 0; start < nodes.length; start += IDS_PER_REQUEST) {
        const campaigns = nodes
          .slice(start, start + IDS_PER_REQUEST)
          .reduce((sum, n) => sum + (n.campaigns?.totalCount ?? 0), 0);
        pagesPerChunk.push(Math.max(1, ceilDiv(campaigns, LIST_COUNT)));
      }
      return {
        minimum: ACCOUNT_READS + 1 + pagesPerChunk.reduce((a, b) => a + b, 0),
        levels: ACCOUNT_READS + 1 + Math.max(0, ...pagesPerChunk),
      };
    },
  }),
  referenceQuery({
    name: "cards-with-media",
    document: CARDS_WITH_MEDIA,
    connection: "cards",
    description:
      "All cards of an account (pages of 200, the cards list's maximum) with their media " +
      "library objects (described by each card's answer: no request of their own)",
    cost: () => ({ minimum: ACCOUNT_READS + 1, levels: ACCOUNT_READS + 1 }),
  }),
  referenceQuery<CampaignNode>({
    name: "campaigns-line-items-attachments",
    document: CAMPAIGNS_LINE_ITEMS_ATTACHMENTS,
    connection: "campaigns",
    // Loaders off, one walk asks line items per campaign and each list per line item.
    naiveRuns: 1,
    description:
      "All campaigns of an account (pages of 100) with all their line items (beyond the spec) " +
      "and every attachment of each line item",
    cost: (campaigns) => {
      if (campaigns.some((c) => c.lineItems?.pageInfo.hasNextPage === true)) {
        throw new Error("a campaign has more line items than the query reads: seed fewer");
      }
      // The campaigns page, then their line items: 200 campaigns per request
      // (campaign_ids), each chunk paged by 1,000 line items; then each attachment list for
      // the line items that ask, 200 per request (line_item_ids), in the order they were read.
      const lineItemPages = pagesPerChunk(campaigns, (c) => c.lineItems?.edges.length ?? 0);
      const lineItems = campaigns.flatMap((c) => c.lineItems?.edges.map((e) => e.node) ?? []);
      const attachmentPages = ATTACHMENT_EDGES.map((edge) =>
        pagesPerChunk(
          lineItems.filter((li) => asks(edge, li)),
          (li) => li[edge]?.nodes.length ?? 0,
        ),
      );
      const levels =
        campaigns.length === 0
          ? ACCOUNT_READS + 1
          : ACCOUNT_READS +
            1 +
            Math.max(...lineItemPages) +
            (lineItems.length === 0 ? 0 : Math.max(0, ...attachmentPages.flat()));
      return {
        minimum: ACCOUNT_READS + 1 + sum(lineItemPages) + sum(attachmentPages.flat()),
        levels,
      };
    },
  }),
];
