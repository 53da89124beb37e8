import type { PGlite, Results } from "@electric-sql/pglite";
import pg from "pg";
import type { SqlValue } from "./sql-value.js";

/** SQLSTATE invalid_sql_statement_name: the session lost the statement (DEALLOCATE, restart). */
const NO_SUCH_STATEMENT = "26000";

/**
 * A value as an SQL literal for `EXECUTE name(…)`: quoted by node-postgres's `escapeLiteral`
 * (doubled quotes, `E''` when a backslash is present), so no value can end the literal. The
 * server casts it to the parameter type inferred at `PREPARE`, as it casts a bound text value.
 */
function literal(value: SqlValue): string {
  if (value === null) return "NULL";
  const text = value instanceof Date ? value.toISOString() : String(value);
  // A NUL would end the simple-query message early; PostgreSQL refuses it in text anyway.
  if (text.includes("\0")) throw new Error("a SQL value may not contain NUL");
  return pg.escapeLiteral(text);
}

/**
 * Named statements on PGlite: `PREPARE` once per instance (its one session), then
 * `EXECUTE name(literals)` through the simple-query protocol. PGlite's own `query()` parses,
 * plans and describes the text on every call (six protocol exchanges); planning a join of six
 * tables cost most of a signed request's time in the database (issue 37). The plan is the
 * server's plan cache's (custom plans first, then a generic one), replanned by the server
 * itself when a table it reads changes.
 */
export function preparedStatements(pglite: PGlite) {
  const prepared = new Map<string, Promise<void>>();

  function prepare(name: string, text: string): Promise<void> {
    let done = prepared.get(name);
    if (done === undefined) {
      done = pglite.exec(`PREPARE ${pg.escapeIdentifier(name)} AS ${text}`).then(() => undefined);
      // A failed PREPARE is tried again by the next call rather than remembered.
      done.catch(() => prepared.delete(name));
      prepared.set(name, done);
    }
    return done;
  }

  async function execute(call: string): Promise<Results> {
    const [result] = await pglite.exec(call);
    if (result === undefined) throw new Error("EXECUTE answered no result");
    return result;
  }

  return async function run(
    name: string,
    text: string,
    values: readonly SqlValue[],
  ): Promise<Results> {
    const call = `EXECUTE ${pg.escapeIdentifier(name)}${
      values.length === 0 ? "" : `(${values.map(literal).join(", ")})`
    }`;
    await prepare(name, text);
    try {
      return await execute(call);
    } catch (error) {
      if ((error as { code?: unknown }).code !== NO_SUCH_STATEMENT) throw error;
      prepared.delete(name);
      await prepare(name, text);
      return execute(call);
    }
  };
}
