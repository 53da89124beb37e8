import { graphql } from "./generated/gql/index.js";

/**
 * A page of an account's campaigns, each with its funding instrument: the account found by its
 * global id through `node`, so the cache's possibleTypes and key fields both take part.
 */
export const CampaignPagesQuery = graphql(`
  query CampaignPages($accountId: ID!, $first: Int, $after: String) {
    node(id: $accountId) {
      __typename
      id
      ... on Account {
        name
        campaigns(first: $first, after: $after) {
          totalCount
          pageInfo {
            hasNextPage
            endCursor
          }
          edges {
            cursor
            node {
              id
              name
              fundingInstrument {
                id
                rawId
              }
            }
          }
        }
      }
    }
  }
`);

/** A campaign's new name, with every failure's code and message. */
export const RenameCampaignMutation = graphql(`
  mutation RenameCampaign($input: UpdateCampaignInput!) {
    updateCampaign(input: $input) {
      __typename
      ... on UpdateCampaignPayload {
        campaign {
          id
          name
        }
      }
      ... on ValidationError {
        violations {
          field
          code
        }
      }
      ... on Error {
        code
        message
      }
    }
  }
`);

/** The viewer's screen name: one query of two asking different fields of the same viewer. */
export const ViewerScreenNameQuery = graphql(`
  query ViewerScreenName {
    viewer {
      id
      screenName
    }
  }
`);

/** The viewer's user id: the other query. */
export const ViewerUserIdQuery = graphql(`
  query ViewerUserId {
    viewer {
      id
      userId
    }
  }
`);

/** A campaign created, with its account's list as it now is (the payload's parent). */
export const CreateCampaignWithListMutation = graphql(`
  mutation CreateCampaignWithList($input: CreateCampaignInput!) {
    createCampaign(input: $input) {
      __typename
      ... on CreateCampaignPayload {
        campaign {
          id
          name
        }
        account {
          id
          campaigns(first: 50) {
            totalCount
            pageInfo {
              hasNextPage
              endCursor
            }
            edges {
              cursor
              node {
                id
                name
                fundingInstrument {
                  id
                  rawId
                }
              }
            }
          }
        }
      }
      ... on Error {
        code
        message
      }
    }
  }
`);

/** A campaign deleted: the payload answers it with `deleted: true`, and its id. */
export const DeleteCampaignMutation = graphql(`
  mutation DeleteCampaign($input: DeleteCampaignInput!) {
    deleteCampaign(input: $input) {
      __typename
      ... on DeleteCampaignPayload {
        deletedId
        campaign {
          id
          deleted
        }
      }
      ... on Error {
        code
        message
      }
    }
  }
`);
