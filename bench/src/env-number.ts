/** A non-negative number from the environment (`BENCH_*` settings), or `fallback` when unset. */
export function envNumber(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number`);
  return value;
}
