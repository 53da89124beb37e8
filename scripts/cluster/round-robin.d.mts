import type { Server } from "node:net";

export interface Backend {
  readonly host: string;
  readonly port: number;
}

/** A TCP round robin over `backends` on `host:port` (see round-robin.mjs). */
export function startRoundRobin(options: {
  host: string;
  port: number;
  backends: readonly Backend[];
  name: string;
  /** Where the one start line goes (default console.log). */
  log?: (line: string) => void;
}): Promise<Server>;
