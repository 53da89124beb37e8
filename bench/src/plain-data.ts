/** What the plain server answers, captured from the facade (throughput.ts writes it, plain-server.ts reads it). */
export interface PlainMoney {
  micros: string;
  currency: string;
}

export interface PlainFundingInstrument {
  rawId: string;
  type: string;
  currency: string;
}

export interface PlainCampaign {
  rawId: string;
  name: string;
  dailyBudget: PlainMoney | null;
  fundingInstrument: PlainFundingInstrument | null;
}

export interface PlainConnection {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: { node: PlainCampaign }[];
}

/** Each account's campaign pages, by the `after` they answer ("" for the first page). */
export type PlainData = Record<string, Record<string, PlainConnection>>;

/** The GraphQL document both servers answer (the bench's campaigns-with-funding reference query). */
export const CAMPAIGNS_WITH_FUNDING = `query CampaignsWithFunding($id: String!, $after: String) {
  account(rawId: $id) {
    campaigns(first: 1000, after: $after) {
      pageInfo { hasNextPage endCursor }
      edges { node { rawId name dailyBudget { micros currency } fundingInstrument { rawId type currency } } }
    }
  }
}`;
