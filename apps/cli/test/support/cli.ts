import { spawn } from "node:child_process";
import path from "node:path";

const appDir = path.resolve(import.meta.dirname, "..", "..");
/** The command's sources, what the built `dist/main.js` bin is compiled from. */
export const CLI_ENTRY = path.join(appDir, "src", "main.ts");
/** Those sources bundled once per test run (bundle-cli.ts, vitest's global set-up). */
export const CLI_BUNDLE = path.join(appDir, ".cache", "adsgraph.mjs");

/** How a run of the command ended. */
export interface CliResult {
  /** The exit code; null when a signal ended it. */
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A run in progress: its output so far, and ways to talk to it. */
export interface RunningCli {
  readonly pid: number;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first match of `pattern` in the stream (now or when it comes). */
  waitFor(stream: "stdout" | "stderr", pattern: RegExp): Promise<RegExpMatchArray>;
  write(text: string): void;
  /** Closes its standard input. */
  end(): void;
  signal(name: NodeJS.Signals): void;
  readonly exited: Promise<CliResult>;
}

/**
 * Runs the real program as a user's shell would, from its sources bundled (`node
 * .cache/adsgraph.mjs`), with its own config directory and no desktop (no browser is ever
 * opened). No timeout of its own: the test's timeout is the net on a busy machine.
 */
export function startCli(
  args: readonly string[],
  { configDir, env = {} }: { configDir: string; env?: Record<string, string> },
): RunningCli {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(ADSGRAPH_|ADS_API_|DISPLAY$|WAYLAND_DISPLAY$)/.test(name),
    ),
  );
  const child = spawn(process.execPath, [CLI_BUNDLE, ...args], {
    cwd: appDir,
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...inherited, ADSGRAPH_CONFIG_DIR: configDir, ...env },
  });
  const output = { stdout: "", stderr: "" };
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };
  child.stdout.on("data", (chunk: Buffer) => {
    output.stdout += chunk.toString("utf8");
    changed();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output.stderr += chunk.toString("utf8");
    changed();
  });
  // stdin may be closed by the child before a late write: that is not the test's failure.
  child.stdin.on("error", () => undefined);
  let ended = false;
  const exited = new Promise<CliResult>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => {
      ended = true;
      changed();
      resolve({ code, stdout: output.stdout, stderr: output.stderr });
    });
  });
  return {
    pid: child.pid ?? -1,
    stdout: () => output.stdout,
    stderr: () => output.stderr,
    waitFor: (stream, pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output[stream]);
          if (match !== null) {
            listeners.delete(check);
            resolve(match);
          } else if (ended) {
            listeners.delete(check);
            reject(
              new Error(
                `the command ended without ${String(pattern)} on ${stream}:\n${output.stdout}\n${output.stderr}`,
              ),
            );
          }
        };
        listeners.add(check);
        check();
      }),
    write: (text) => {
      child.stdin.write(text);
    },
    end: () => {
      child.stdin.end();
    },
    signal: (name) => {
      child.kill(name);
    },
    exited,
  };
}

/** Runs the command to its end with `stdin` (closed after it). */
export async function runCli(
  args: readonly string[],
  options: { configDir: string; env?: Record<string, string>; stdin?: string },
): Promise<CliResult> {
  const running = startCli(args, options);
  running.write(options.stdin ?? "");
  // End stdin so that a command reading it sees the end.
  running.end();
  return running.exited;
}
