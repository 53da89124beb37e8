/** Columns apart: two spaces, as `ls -l` and `kubectl get` leave. */
const GAP = "  ";

/** Control characters would move the cursor or break a row: shown escaped instead. */
// eslint-disable-next-line no-control-regex -- exactly the characters to neutralise
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

export function cellText(value: string): string {
  return value.replace(CONTROL, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/** Characters as a reader counts them (an emoji with modifiers is one). */
function width(text: string): number {
  let count = 0;
  for (const _ of graphemes.segment(text)) count += 1;
  return count;
}

export interface TableOptions {
  /** Columns (by index) aligned right, as numbers are read: digits under digits. */
  readonly alignRight?: readonly number[];
}

/**
 * Rows as aligned columns under a header line, every column as wide as its widest cell; the
 * last column is not padded (no trailing spaces). Widths count graphemes.
 */
export function renderTable(
  columns: readonly string[],
  rows: readonly (readonly string[])[],
  { alignRight = [] }: TableOptions = {},
): string {
  const cells = [columns, ...rows].map((row) => columns.map((_, i) => cellText(row[i] ?? "")));
  const widths = columns.map((_, i) => Math.max(...cells.map((row) => width(row[i] ?? ""))));
  const last = columns.length - 1;
  const right = new Set(alignRight);
  const pad = (cell: string, i: number) => {
    const room = " ".repeat((widths[i] ?? 0) - width(cell));
    if (right.has(i)) return room + cell;
    return i === last ? cell : cell + room;
  };
  const line = (row: readonly string[]) => row.map(pad).join(GAP).trimEnd();
  return `${cells.map(line).join("\n")}\n`;
}
