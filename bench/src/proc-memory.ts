import { readdir, readFile } from "node:fs/promises";

/** A process's resident memory as an operator sees it (/proc/<pid>/status), in MB. */
export interface ResidentMemory {
  /** VmRSS: resident now. */
  rssMb: number;
  /** VmHWM: the highest VmRSS the process reached so far. */
  hwmMb: number;
}

/** The process and its descendants (child processes PGlite or a loader may spawn). */
export interface TreeMemory extends ResidentMemory {
  /** VmRSS of the process and every live descendant, summed. */
  treeRssMb: number;
  /** How many processes that sum covers. */
  processes: number;
}

const MB = 1024;
const kbField = (status: string, field: string): number => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
  return match === null ? 0 : Number(match[1]) / MB;
};

export async function residentMemory(pid: number): Promise<ResidentMemory> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return { rssMb: kbField(status, "VmRSS"), hwmMb: kbField(status, "VmHWM") };
}

/** Live child pids of a process, from every thread's `children` list. */
async function childrenOf(pid: number): Promise<number[]> {
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => []);
  const lists = await Promise.all(
    tasks.map((tid) => readFile(`/proc/${pid}/task/${tid}/children`, "utf8").catch(() => "")),
  );
  return lists.flatMap((list) =>
    list
      .split(" ")
      .filter((item) => item !== "")
      .map(Number),
  );
}

/** A process's memory with its descendants'; a descendant that exits meanwhile counts 0. */
export async function treeMemory(pid: number): Promise<TreeMemory> {
  const own = await residentMemory(pid);
  let treeRssMb = own.rssMb;
  let processes = 1;
  let frontier = await childrenOf(pid);
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const child of frontier) {
      const memory = await residentMemory(child).catch(() => undefined);
      if (memory === undefined) continue;
      treeRssMb += memory.rssMb;
      processes += 1;
      next.push(...(await childrenOf(child)));
    }
    frontier = next;
  }
  return { ...own, treeRssMb, processes };
}

export const roundMb = (mb: number) => Math.round(mb * 10) / 10;
