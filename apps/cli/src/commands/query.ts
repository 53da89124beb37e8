import { readFile } from "node:fs/promises";
import type { Readable } from "node:stream";
import { requireFacadeSession } from "../context.js";
import type { CliContext } from "../context.js";
import { CLI_ERROR_CODES, CliError } from "../errors.js";
import { answerCost } from "../facade/answer-cost.js";
import { graphQLFailure, postGraphQL } from "../facade/graphql.js";
import type { GraphQLAnswer } from "../facade/graphql.js";
import { findConnection, nodeRows } from "../format/connection-rows.js";
import { costTable } from "../format/cost-table.js";
import { renderTable } from "../format/table.js";

export type OutputFormat = "json" | "table";

export interface QueryOptions {
  readonly url?: string | undefined;
  readonly variables?: string | undefined;
  readonly operationName?: string | undefined;
  readonly format: OutputFormat;
  /** Print the answer's `extensions.cost` on stderr after it. */
  readonly cost?: boolean | undefined;
  /** Ask for the plan only (`x-adsgraph-explain: true`): nothing is sent upstream. */
  readonly explain?: boolean | undefined;
}

/** The header asking the facade for the plan instead of running the operation (docs/cost.md). */
export const EXPLAIN_HEADER = "x-adsgraph-explain";

/** What `--cost` prints for an answer: its cost as a table, or that the facade sent none. */
export function costReport(answer: GraphQLAnswer, now = Date.now()): string {
  const cost = answerCost(answer.extensions);
  // A facade from before issue 35 answers without it: say so, the answer itself stands.
  return cost === undefined ? "cost: the facade reported none\n" : costTable(cost, now);
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

/** `text`, or the contents of the file it names as `@path`. */
async function inline(option: string, text: string): Promise<string> {
  if (!text.startsWith("@")) return text;
  const file = text.slice(1);
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    throw new CliError(
      CLI_ERROR_CODES.USAGE,
      `${option}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? "error"})`,
    );
  }
}

/** `--variables '<json>'` or `--variables @file.json`: a JSON object. */
export async function parseVariables(
  text: string | undefined,
): Promise<Record<string, unknown> | undefined> {
  if (text === undefined) return undefined;
  const json = await inline("--variables", text);
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new CliError(
      CLI_ERROR_CODES.USAGE,
      `--variables: not JSON (${(error as Error).message})`,
    );
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new CliError(CLI_ERROR_CODES.USAGE, "--variables: must be a JSON object");
  }
  return value as Record<string, unknown>;
}

/** The document: the argument itself, `@file.graphql`, or `-` for standard input. */
async function documentOf(context: CliContext, argument: string): Promise<string> {
  const text = argument === "-" ? await readAll(context.stdin) : await inline("document", argument);
  if (text.trim() === "")
    throw new CliError(CLI_ERROR_CODES.USAGE, "the GraphQL document is empty");
  return text;
}

/** The nodes of the answer's first connection as aligned columns. */
export function connectionTable(data: unknown): string {
  const connection = findConnection(data);
  if (connection === undefined) {
    throw new CliError(
      CLI_ERROR_CODES.USAGE,
      "--format table needs a connection in the answer (a field selecting `edges { node { … } }`)",
    );
  }
  const { columns, rows } = nodeRows(connection.nodes);
  return renderTable(columns.length === 0 ? ["value"] : columns, rows);
}

/**
 * `adsgraph query '<graphql>'`: runs one operation as the signed-in user. Prints `data` (pretty
 * JSON, or a connection as a table); GraphQL errors end it with one line and exit 1 (3 when the
 * session is refused), after printing whatever data came with them.
 */
export async function query(context: CliContext, argument: string, options: QueryOptions) {
  const variables = await parseVariables(options.variables);
  const document = await documentOf(context, argument);
  const session = await requireFacadeSession(context, options.url);
  const answer = await postGraphQL(session.url, session.sessionToken, {
    document,
    variables,
    operationName: options.operationName,
    headers: options.explain === true ? { [EXPLAIN_HEADER]: "true" } : undefined,
  });
  const failure = graphQLFailure(answer);
  if (failure?.code === CLI_ERROR_CODES.NOT_SIGNED_IN) throw failure;
  if (options.explain === true) {
    const plan = answerCost(answer.extensions);
    // A plan is the answer even if the facade adds an error saying it did not run the query.
    if (plan?.mode !== "explain") {
      if (failure !== undefined) throw failure;
      throw new CliError(
        CLI_ERROR_CODES.API,
        "the facade answered no plan (extensions.cost with mode explain): it does not support explain",
      );
    }
    // The plan is what was asked for: the result, on stdout.
    context.stdout.write(costTable(plan));
    return;
  }
  if (answer.data !== undefined && answer.data !== null) {
    context.stdout.write(
      options.format === "table"
        ? connectionTable(answer.data)
        : `${JSON.stringify(answer.data, null, 2)}\n`,
    );
  }
  // On stderr, so stdout stays the answer for a pipe; before the error line of a refusal.
  if (options.cost === true) context.stderr.write(costReport(answer));
  if (failure !== undefined) throw failure;
}
