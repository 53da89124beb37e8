import { graphql } from "./generated/gql/index.js";

export const HealthQuery = graphql(`
  query Health {
    health
  }
`);
