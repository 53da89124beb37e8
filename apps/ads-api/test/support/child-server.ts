import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import type { HostRole } from "@adsgraph/models";

const appDir = path.resolve(import.meta.dirname, "..", "..");

export interface ChildServer {
  readonly process: ChildProcess;
  readonly urls: Record<HostRole, string>;
  output(): string;
}

/**
 * Runs `src/main.ts` in its own process (one node process with the tsx loader, so a SIGKILL
 * reaches the server itself), on port 0 for every role, and waits for its ready lines.
 */
export function startChild(env: Readonly<Record<string, string>>): Promise<ChildServer> {
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=source", "src/main.ts"], {
    cwd: appDir,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      ADS_API_BASE_URL: "http://127.0.0.1:0",
      ADS_API_ADS_URL: "http://127.0.0.1:0",
      ADS_API_SANDBOX_URL: "http://127.0.0.1:0",
      LOG_LEVEL: "silent",
      ...env,
    },
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`child did not start:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const base = /ads-api base ready at (\S+)/.exec(output)?.[1];
      const ads = /ads-api ads ready at (\S+)/.exec(output)?.[1];
      const sandbox = /ads-api ads-sandbox ready at (\S+)/.exec(output)?.[1];
      if (base !== undefined && ads !== undefined && sandbox !== undefined) {
        clearTimeout(timer);
        resolve({
          process: child,
          urls: { base, ads, "ads-sandbox": sandbox },
          output: () => output,
        });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`child exited with ${String(code)}:\n${output}`));
    });
  });
}

/** SIGKILL of the child's process group: no shutdown code runs. */
export async function killHard(child: ChildServer): Promise<void> {
  const exited = new Promise((resolve) => child.process.once("exit", resolve));
  if (child.process.pid !== undefined) process.kill(-child.process.pid, "SIGKILL");
  await exited;
}
