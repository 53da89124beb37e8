import type { Database } from "./db/database.js";

/** What every resolver of one request sees. Later: the caller's session, REST client, loaders. */
export interface GraphQLContext {
  db: Database;
}

export function createContext(db: Database): GraphQLContext {
  return { db };
}
