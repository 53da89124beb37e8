/** Where an upload stands, as the progress bar shows it. */
export interface ProgressState {
  /** Records consumed so far, over every run of this upload. */
  readonly done: number;
  /** Records in the file. */
  readonly total: number;
  /** Records per second of this run (0 until known). */
  readonly rate: number;
}

/** `42s`, `3m05s`, `1h02m`: an ETA reads at a glance. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
}

const percent = ({ done, total }: ProgressState) =>
  total === 0 ? 100 : Math.min(100, Math.floor((done * 100) / total));

const eta = ({ done, total, rate }: ProgressState) =>
  rate > 0 ? formatDuration((total - done) / rate) : "?";

/**
 * One plain line for logs and pipes, stable for scripts to read:
 * `progress 1500/5000 records (30%), 1200 records/s, ETA 3s`.
 */
export function plainProgressLine(state: ProgressState): string {
  return `progress ${state.done}/${state.total} records (${percent(state)}%), ${Math.round(state.rate)} records/s, ETA ${eta(state)}`;
}

/** A bar redrawn in place on a terminal: `[#######·········]  42% 2100/5000 · 1200/s · ETA 3s`. */
export function barProgressLine(state: ProgressState, width = 24): string {
  const filled = Math.round((percent(state) / 100) * width);
  const bar = `${"#".repeat(filled)}${"·".repeat(width - filled)}`;
  return `[${bar}] ${String(percent(state)).padStart(3)}% ${state.done}/${state.total} records · ${Math.round(state.rate)}/s · ETA ${eta(state)}`;
}
