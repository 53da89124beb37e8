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
