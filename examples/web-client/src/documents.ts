import { graphql } from "./generated/gql/index.js";

export const HealthQuery = graphql(`
  query Health {
    health
  }
`);

/** The signed-in user and their accounts. */
export const ViewerAccountsQuery = graphql(`
  query ViewerAccounts {
    viewer {
      screenName
      accounts(first: 50) {
        totalCount
        edges {
          node {
            id
            rawId
            name
            industryType
          }
        }
      }
    }
  }
`);

/** Reference query: an account's campaigns (a page) and each campaign's funding instrument. */
export const AccountCampaignsQuery = graphql(`
  query AccountCampaigns($accountId: String!, $first: Int, $after: String) {
    account(rawId: $accountId) {
      name
      campaigns(first: $first, after: $after) {
        pageInfo {
          hasNextPage
          endCursor
        }
        edges {
          node {
            id
            name
            entityStatus
            dailyBudget {
              micros
              currency
            }
            fundingInstrument {
              rawId
              type
              description
            }
          }
        }
      }
    }
  }
`);

/** Reference query: the account's funding instruments with all their campaigns. */
export const FundingInstrumentsQuery = graphql(`
  query FundingInstruments($accountId: String!) {
    account(rawId: $accountId) {
      fundingInstruments(first: 100) {
        edges {
          node {
            rawId
            type
            currency
            fundedAmount {
              micros
              currency
            }
            campaigns {
              nodes {
                name
              }
            }
          }
        }
      }
    }
  }
`);

/** Reference query: cards with their media library objects. */
export const CardsWithMediaQuery = graphql(`
  query CardsWithMedia($accountId: String!) {
    account(rawId: $accountId) {
      cards(first: 50) {
        edges {
          node {
            name
            cardType
            media {
              mediaKey
              mediaType
              mediaUrl
            }
          }
        }
      }
    }
  }
`);

/** Reference data: bid limits and content categories with their IAB categories. */
export const ReferenceDataQuery = graphql(`
  query ReferenceData($currency: String) {
    biddingRules(currency: $currency) {
      nodes {
        currency
        minimumCpeBid {
          micros
        }
      }
    }
    contentCategories(first: 10) {
      nodes {
        name
        iabCategories {
          nodes {
            rawId
            name
          }
        }
      }
    }
  }
`);

/** A write with its typed failures. */
export const CreateCampaignMutation = graphql(`
  mutation CreateCampaign($input: CreateCampaignInput!) {
    createCampaign(input: $input) {
      __typename
      ... on CreateCampaignPayload {
        campaign {
          id
          name
          entityStatus
          totalBudget {
            micros
            currency
          }
        }
      }
      ... on ValidationError {
        violations {
          field
          code
          message
        }
      }
      ... on Error {
        code
        message
      }
    }
  }
`);

/**
 * An account's published posts (issue 16): what the ads list answers, and the author's profile
 * and media details, which the facade reads from the post-data API for the whole page in one
 * lookup asking exactly these fields.
 */
export const AccountPostsQuery = graphql(`
  query AccountPosts($accountId: String!, $first: Int) {
    account(rawId: $accountId) {
      posts(type: PUBLISHED, first: $first) {
        edges {
          node {
            __typename
            id
            rawId
            text
            name
            createdAt
            ... on Post {
              author {
                username
              }
              media {
                mediaKey
                type
                url
                durationMs
              }
              publicMetrics {
                likeCount
              }
            }
          }
        }
      }
    }
  }
`);
