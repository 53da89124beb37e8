import { graphql } from "./generated/gql/index.js";

/** Who is signed in, and the accounts they can open. */
export const ViewerQuery = graphql(`
  query DashboardViewer {
    viewer {
      id
      userId
      screenName
      accounts(first: 50) {
        edges {
          node {
            id
            rawId
            name
          }
        }
      }
    }
  }
`);

/** What a campaign row shows (and what an update answers, so the row follows it). */
export const CampaignFields = graphql(`
  fragment CampaignFields on Campaign {
    id
    rawId
    name
    entityStatus
    currency
    dailyBudget {
      micros
      currency
    }
    totalBudget {
      micros
      currency
    }
  }
`);

/** One page of an account's campaigns; "load more" asks again with `after`. */
export const AccountCampaignsQuery = graphql(`
  query DashboardAccountCampaigns($accountId: ID!, $first: Int!, $after: String) {
    node(id: $accountId) {
      __typename
      id
      ... on Account {
        name
        campaigns(first: $first, after: $after) {
          pageInfo {
            hasNextPage
            endCursor
          }
          edges {
            cursor
            node {
              ...CampaignFields
            }
          }
        }
      }
    }
  }
`);

/**
 * A week of delivery for the campaigns on screen, in one query: the facade batches their
 * `metrics` into `stats.get` requests of up to 20 campaigns. Asked apart from the list, so a
 * failure here leaves the list usable (and editing a campaign never fetches its numbers).
 */
export const CampaignDeliveryQuery = graphql(`
  query DashboardCampaignDelivery($ids: [ID!]!, $range: MetricsRangeInput!) {
    nodes(ids: $ids) {
      __typename
      id
      ... on Campaign {
        currency
        metrics(range: $range, granularity: DAY) {
          bucketStarts
          engagement {
            impressions {
              total
              points {
                start
                value
              }
            }
          }
          billing {
            spend {
              total {
                micros
                currency
              }
              points {
                start
                value {
                  micros
                  currency
                }
              }
            }
          }
        }
      }
    }
  }
`);

/** Name, budget and status changes; a refusal comes back typed, per input field. */
export const UpdateCampaignMutation = graphql(`
  mutation DashboardUpdateCampaign($input: UpdateCampaignInput!) {
    updateCampaign(input: $input) {
      __typename
      ... on UpdateCampaignPayload {
        campaign {
          ...CampaignFields
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

/** The signed-in user's activity, pushed as it happens. */
export const ActivitySubscription = graphql(`
  subscription DashboardActivity {
    activityEvents {
      __typename
      ... on ActivityFeedLive {
        liveAt
      }
      ... on ActivityEvent {
        id
        type
        createdAt
        payload {
          __typename
          ... on ProfileBioUpdate {
            bio
          }
          ... on ProfileScreenNameUpdate {
            screenName
          }
          ... on DirectMessageActivity {
            text
          }
          ... on SpaceActivity {
            title
          }
        }
      }
    }
  }
`);
