import type { DatabaseTarget } from "@adsgraph/storage";

/** PostgreSQL takes every this-many-th case of a sweep; PGlite takes them all. */
export const POSTGRESQL_STRIDE = 5;

/**
 * The cases of a hostile-value sweep that run on `engine`. Validation refuses these values
 * before storage is touched, so the engine cannot change the answer: PGlite (the default
 * engine) takes every case and PostgreSQL an evenly spread fifth, enough to show its path
 * refuses and writes nothing the same way. The whole sweep twice cost about two minutes of the
 * suite's 15-minute budget on 2 cores.
 */
export function casesOn<T>(engine: DatabaseTarget["engine"], cases: readonly T[]): readonly T[] {
  return engine === "pglite" ? cases : cases.filter((_, index) => index % POSTGRESQL_STRIDE === 0);
}
