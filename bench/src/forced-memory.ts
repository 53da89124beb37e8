import { readFile, writeFile } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import type { ProcessMemory } from "./children.js";

/**
 * A child's memory just after a full collection: SIGUSR2 asks its memory probe (started with
 * --expose-gc) for one, and the probe writes it at once to `<file>.forced`. Waits for that
 * fresh line, up to `waitMs`. With `heapSnapshot`, the child also writes a heap snapshot there.
 */
export async function forcedMemory(
  pid: number,
  file: string,
  { waitMs = 30_000, heapSnapshot }: { waitMs?: number; heapSnapshot?: string } = {},
): Promise<ProcessMemory> {
  if (heapSnapshot !== undefined) await writeFile(`${file}.snapshot`, heapSnapshot);
  const asked = Date.now();
  process.kill(pid, "SIGUSR2");
  const deadline = asked + (heapSnapshot === undefined ? waitMs : 10 * waitMs);
  while (Date.now() < deadline) {
    const text = await readFile(`${file}.forced`, "utf8").catch(() => null);
    if (text !== null) {
      const usage = JSON.parse(text) as ProcessMemory;
      if (usage.at >= asked) return usage;
    }
    await sleep(50);
  }
  throw new Error(`process ${pid} wrote no memory after a forced collection in ${waitMs} ms`);
}
