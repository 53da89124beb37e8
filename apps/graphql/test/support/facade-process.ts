import { spawn } from "node:child_process";
import path from "node:path";

const appDir = path.resolve(import.meta.dirname, "..", "..");
/** Kept of the output: enough to read why it failed, and a pipe that never fills. */
const OUTPUT_TAIL = 64 * 1024;

/** The facade in a process of its own (`src/main.ts` via tsx), as `pnpm start` runs it. */
export interface FacadeProcess {
  readonly pid: number;
  /** `http://127.0.0.1:<GRAPHQL_PORT>` */
  readonly origin: string;
  /** The last 64 KiB it printed. */
  output(): string;
  /** SIGKILL of its process group: no shutdown code runs (a crashed replica). */
  kill(): Promise<void>;
}

/**
 * Starts the facade with `env` (GRAPHQL_PORT and the rest) in its own process group and waits
 * for its ready line (and the dev session's line when DEV_SESSION is on). No start timeout of
 * its own: the test's hook timeout is the safety net on a busy machine.
 */
export function startFacadeProcess(env: Record<string, string>): Promise<FacadeProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=source", "src/main.ts"], {
    cwd: appDir,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
  });
  let output = "";
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once("exit", () => {
      exited = true;
      resolve();
    });
  });
  const kill = async () => {
    if (!exited && child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    await exit;
  };
  const ready = (text: string) =>
    /GraphQL ready at/.test(text) &&
    (env.DEV_SESSION !== "true" || /Authorization: Bearer \S+/.test(text));
  return new Promise((resolve, reject) => {
    let started = false;
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-OUTPUT_TAIL);
      if (started || !ready(output)) return;
      started = true;
      resolve({
        pid: child.pid ?? -1,
        origin: `http://127.0.0.1:${env.GRAPHQL_PORT ?? "4000"}`,
        output: () => output,
        kill,
      });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exit.then(() => {
      if (!started) reject(new Error(`the facade exited during start:\n${output}`));
    });
  });
}
