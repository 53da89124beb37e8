// Summaries of V8 CPU profiles (`node --cpu-prof` writes them as .cpuprofile JSON): self time
// by function and by package or repository folder, and the share of garbage collection.
import path from "node:path";

const REPO = path.resolve(import.meta.dirname, "..", "..");

/** The parts of a .cpuprofile this reads. */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }[];
  /** µs on the system's monotonic clock (the one process.hrtime reads). */
  startTime: number;
  endTime: number;
  /** The node on top of the stack at each sample. */
  samples: number[];
  /** µs since the previous sample (the first: since startTime). */
  timeDeltas: number[];
}

export interface SelfTime {
  name: string;
  area: string;
  selfMs: number;
  /** Of busy time (everything but idle). */
  share: number;
}

export interface ProfileSummary {
  /** The window summarised (ms), and whether it was the measured load's or the whole profile. */
  windowMs: number;
  window: "measured load" | "whole profile";
  busyMs: number;
  idleMs: number;
  gcMs: number;
  gcShare: number;
  topFunctions: SelfTime[];
  areas: Omit<SelfTime, "name">[];
}

/** Where a function's code lives: a package (node_modules), a repository folder, Node, WebAssembly. */
export function areaOf(url: string, functionName: string): string {
  if (url === "") return functionName.startsWith("(") ? functionName : "(native)";
  if (url.startsWith("wasm://")) return "(WebAssembly: PGlite)";
  if (url.startsWith("node:")) return url.startsWith("node:internal") ? "node:internal" : url;
  const file = url.startsWith("file://") ? decodeURIComponent(new URL(url).pathname) : url;
  const modules = file.lastIndexOf("/node_modules/");
  if (modules >= 0) {
    const [scope, name] = file.slice(modules + "/node_modules/".length).split("/");
    return scope?.startsWith("@") ? `${scope}/${name ?? ""}` : (scope ?? file);
  }
  const relative = path.relative(REPO, file);
  if (relative.startsWith("..")) return file;
  // apps/graphql/src/snapshots/x.ts -> apps/graphql/src/snapshots; a file right in src/ -> .../src
  const parts = relative.split("/");
  return parts.slice(0, Math.min(parts.length - 1, 4)).join("/");
}

const functionName = (frame: CpuProfile["nodes"][number]["callFrame"]) => {
  const name = frame.functionName || "(anonymous)";
  if (frame.url === "") return name;
  if (!frame.url.startsWith("file://")) return `${name} ${frame.url}:${frame.lineNumber + 1}`;
  const file = decodeURIComponent(new URL(frame.url).pathname);
  const modules = file.lastIndexOf("/node_modules/");
  const where =
    modules >= 0 ? file.slice(modules + "/node_modules/".length) : path.relative(REPO, file);
  return `${name} ${where}:${frame.lineNumber + 1}`;
};

/**
 * Self time per function and per area over `window` (µs, monotonic clock), or the whole
 * profile when the window is not inside it. A sample's time is the gap to the next sample
 * (what Chrome's profiler shows); idle is left out of busy time.
 */
export function summarize(
  profile: CpuProfile,
  window: { startUs: number; endUs: number } | undefined,
  top = 25,
): ProfileSummary {
  const inside =
    window !== undefined && window.startUs >= profile.startTime && window.endUs <= profile.endTime;
  const from = inside ? window.startUs : profile.startTime;
  const to = inside ? window.endUs : profile.endTime;
  const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const self = new Map<string, { area: string; us: number }>();
  let idleUs = 0;
  let gcUs = 0;
  let busyUs = 0;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    at += profile.timeDeltas[i] ?? 0;
    const us = profile.timeDeltas[i + 1] ?? 0;
    if (at < from || at >= to) continue;
    const frame = byId.get(profile.samples[i] ?? -1);
    if (frame === undefined) continue;
    if (frame.functionName === "(idle)") {
      idleUs += us;
      continue;
    }
    busyUs += us;
    if (frame.functionName === "(garbage collector)") gcUs += us;
    const name = functionName(frame);
    const entry = self.get(name) ?? { area: areaOf(frame.url, frame.functionName), us: 0 };
    entry.us += us;
    self.set(name, entry);
  }
  const ms = (us: number) => Math.round(us / 100) / 10;
  const share = (us: number) => (busyUs === 0 ? 0 : Math.round((us / busyUs) * 1000) / 1000);
  const areas = new Map<string, number>();
  for (const { area, us } of self.values()) areas.set(area, (areas.get(area) ?? 0) + us);
  return {
    windowMs: ms(to - from),
    window: inside ? "measured load" : "whole profile",
    busyMs: ms(busyUs),
    idleMs: ms(idleUs),
    gcMs: ms(gcUs),
    gcShare: share(gcUs),
    topFunctions: [...self]
      .sort((a, b) => b[1].us - a[1].us)
      .slice(0, top)
      .map(([name, { area, us }]) => ({ name, area, selfMs: ms(us), share: share(us) })),
    areas: [...areas]
      .sort((a, b) => b[1] - a[1])
      .map(([area, us]) => ({ area, selfMs: ms(us), share: share(us) })),
  };
}
