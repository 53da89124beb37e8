import { initContextCache } from "@pothos/core";
import type { Database } from "./db/database.js";

/** Who is asking. Issue 8 fills it from the session; until then it is null for everyone. */
export interface Viewer {
  userId: string;
}

/** What every resolver of one request sees. Built anew per request: never share loaders. */
export interface GraphQLContext {
  db: Database;
  viewer: Viewer | null;
}

export function createContext(db: Database): GraphQLContext {
  // Apollo copies the context object per operation; Pothos's cache key must be set here so
  // per-request loaders stay per request.
  return { ...initContextCache(), db, viewer: null };
}
