import { gql } from "@apollo/client";
import { describe, expect, it } from "vitest";
import { createCache } from "./create-cache.js";

/** A page of campaigns as the graph answers it: `nodes` alone, or edges with cursors. */
function page(names: string[], after: string | null, options: { edges?: boolean } = {}) {
  const nodes = names.map((name) => ({ __typename: "Campaign", id: `c-${name}`, name }));
  return {
    __typename: "CampaignConnection",
    totalCount: 4,
    pageInfo: {
      __typename: "PageInfo",
      hasNextPage: after === null,
      endCursor: `end-${names.at(-1) ?? ""}`,
    },
    ...(options.edges === true
      ? { edges: nodes.map((node) => ({ __typename: "CampaignEdge", cursor: node.id, node })) }
      : { nodes }),
  };
}

const NODES = gql`
  query Nodes($after: String, $q: String) {
    account(id: "a") {
      __typename
      id
      campaigns(first: 2, after: $after, q: $q) {
        __typename
        totalCount
        pageInfo {
          __typename
          hasNextPage
          endCursor
        }
        nodes {
          __typename
          id
          name
        }
      }
    }
  }
`;

const EDGES = gql`
  query Edges($after: String) {
    account(id: "a") {
      __typename
      id
      campaigns(first: 2, after: $after) {
        __typename
        totalCount
        pageInfo {
          __typename
          hasNextPage
          endCursor
        }
        edges {
          __typename
          cursor
          node {
            __typename
            id
            name
          }
        }
      }
    }
  }
`;

function account(campaigns: unknown) {
  return { account: { __typename: "Account", id: "a", campaigns } };
}

describe("connection fields in the generated cache", () => {
  it("merges pages asked through `nodes` alone, in order", () => {
    const cache = createCache();
    cache.writeQuery({ query: NODES, data: account(page(["a", "b"], null)) });
    cache.writeQuery({
      query: NODES,
      variables: { after: "end-b" },
      data: account(page(["c", "d"], "end-b")),
    });
    const read = cache.readQuery<{ account: { campaigns: { nodes: { name: string }[] } } }>({
      query: NODES,
    });
    expect(read?.account.campaigns.nodes.map((n) => n.name)).toEqual(["a", "b", "c", "d"]);
  });

  it("merges pages asked through edges, and answers `nodes` from them", () => {
    const cache = createCache();
    cache.writeQuery({ query: EDGES, data: account(page(["a", "b"], null, { edges: true })) });
    cache.writeQuery({
      query: EDGES,
      variables: { after: "end-b" },
      data: account(page(["c"], "end-b", { edges: true })),
    });
    const read = cache.readQuery<{ account: { campaigns: { nodes: { name: string }[] } } }>({
      query: NODES,
    });
    expect(read?.account.campaigns.nodes.map((n) => n.name)).toEqual(["a", "b", "c"]);
  });

  it("keeps a list per filter (non-paging arguments)", () => {
    const cache = createCache();
    cache.writeQuery({ query: NODES, data: account(page(["a", "b"], null)) });
    cache.writeQuery({ query: NODES, variables: { q: "c" }, data: account(page(["c"], null)) });
    const all = cache.readQuery<{ account: { campaigns: { nodes: unknown[] } } }>({ query: NODES });
    expect(all?.account.campaigns.nodes).toHaveLength(2);
  });

  it("drops a node the cache has seen deleted, and counts it out of totalCount", () => {
    const cache = createCache();
    cache.writeQuery({ query: NODES, data: account(page(["a", "b"], null)) });
    cache.writeFragment({
      id: cache.identify({ __typename: "Campaign", id: "c-a" }),
      fragment: gql`
        fragment Deleted on Campaign {
          deleted
        }
      `,
      data: { __typename: "Campaign", deleted: true },
    });
    const read = cache.readQuery<{
      account: { campaigns: { totalCount: number; nodes: { name: string }[] } };
    }>({ query: NODES });
    expect(read?.account.campaigns.nodes.map((n) => n.name)).toEqual(["b"]);
    expect(read?.account.campaigns.totalCount).toBe(3);
  });
});
