import type { CliContext } from "../context.js";
import { renderTable } from "../format/table.js";
import type { OutputFormat } from "./query.js";

export interface ListOptions {
  readonly url?: string | undefined;
  readonly format: OutputFormat;
  readonly limit: number;
}

/** A list command's result: a table of `columns` (default) or the nodes as JSON. */
export function printList<Node>(
  context: CliContext,
  { nodes, more }: { nodes: readonly Node[]; more: boolean },
  format: OutputFormat,
  columns: readonly [header: string, cell: (node: Node) => string][],
  what: string,
): void {
  if (format === "json") {
    context.stdout.write(`${JSON.stringify(nodes, null, 2)}\n`);
  } else {
    const rows = nodes.map((node) => columns.map(([, cell]) => cell(node)));
    context.stdout.write(
      renderTable(
        columns.map(([header]) => header),
        rows,
      ),
    );
  }
  if (more) context.stderr.write(`(more ${what} than --limit ${nodes.length})\n`);
}
