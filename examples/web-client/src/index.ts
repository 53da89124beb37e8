export { createApolloClient } from "./apollo-client.js";
export type { ApolloClientOptions } from "./apollo-client.js";
export {
  CampaignPagesQuery,
  RenameCampaignMutation,
  ViewerScreenNameQuery,
  ViewerUserIdQuery,
} from "./cache-documents.js";
export { execute } from "./client.js";
export type { GraphQLResponse } from "./client.js";
export {
  AccountCampaignsQuery,
  AccountPostsQuery,
  CardsWithMediaQuery,
  CreateCampaignMutation,
  FundingInstrumentsQuery,
  HealthQuery,
  ReferenceDataQuery,
  ViewerAccountsQuery,
} from "./documents.js";
