import type { Writable } from "node:stream";
import { barProgressLine, plainProgressLine } from "../format/progress-line.js";
import type { ProgressState } from "../format/progress-line.js";

/** How an upload tells where it stands, on stderr (stdout keeps the result). */
export interface ProgressReporter {
  update(state: ProgressState): void;
  /** A message of its own line (the bar, if drawn, stays above it). */
  note(text: string): void;
  /** Ends the bar's line. */
  finish(): void;
}

/** Plain lines at most this often on a pipe or a log file: enough to follow, not a flood. */
export const PLAIN_INTERVAL_MS = 1_000;

/**
 * On a terminal, a bar redrawn in place at every acknowledged batch; elsewhere (pipes, CI
 * logs, tests), a plain line for the first batch, then at most one per `intervalMs`, and one
 * when the last record is done; never the same count twice (the uploader reports its last
 * batch, then its end).
 */
export function progressReporter(
  stream: Writable & { isTTY?: boolean },
  { intervalMs = PLAIN_INTERVAL_MS, clock = Date.now } = {},
): ProgressReporter {
  const tty = stream.isTTY === true;
  let drawn = false;
  let lastAt: number | undefined;
  let lastDone: number | undefined;
  const endBar = () => {
    if (drawn) stream.write("\n");
    drawn = false;
  };
  return {
    update(state) {
      if (tty) {
        stream.write(`\r\x1b[2K${barProgressLine(state)}`);
        drawn = true;
        return;
      }
      const now = clock();
      const last = state.done >= state.total;
      if (state.done === lastDone) return;
      if (lastAt !== undefined && now - lastAt < intervalMs && !last) return;
      lastAt = now;
      lastDone = state.done;
      stream.write(`${plainProgressLine(state)}\n`);
    },
    note(text) {
      endBar();
      stream.write(`${text}\n`);
    },
    finish: endBar,
  };
}
