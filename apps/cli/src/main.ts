#!/usr/bin/env node
// `adsgraph`: the command line (docs/cli.md). Results go to stdout;
// prompts, progress and errors to stderr, each error one line unless --debug.
import { readFileSync } from "node:fs";
import { CommanderError } from "@commander-js/extra-typings";
import type { CliContext } from "./context.js";
import { fileCredentialStore } from "./credentials/credential-store.js";
import { loadCliEnv } from "./env.js";
import { EXIT_CODES, toCliError } from "./errors.js";
import { buildProgram } from "./program.js";

/** The package's version (src/ and dist/ both sit one level below package.json). */
function packageVersion(): string {
  const text = readFileSync(new URL("../package.json", import.meta.url), "utf8");
  return (JSON.parse(text) as { version: string }).version;
}

/** What an error's `--debug` output shows: its stack and those of its causes. */
function stacks(error: unknown): string {
  const lines: string[] = [];
  for (let at: unknown = error; at instanceof Error; at = at.cause) {
    lines.push(at.stack ?? `${at.name}: ${at.message}`);
  }
  return lines.join("\ncaused by: ");
}

async function main(argv: readonly string[]): Promise<number> {
  let env;
  try {
    env = loadCliEnv();
  } catch (error) {
    process.stderr.write(`adsgraph: ${(error as Error).message}\n`);
    return EXIT_CODES.USAGE;
  }
  // The credential store: a file today; an OS keychain store would be chosen here.
  const context: CliContext = {
    env,
    store: fileCredentialStore(env.configDir),
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
  };
  const program = buildProgram(context, packageVersion());
  try {
    await program.parseAsync([...argv]);
    return EXIT_CODES.OK;
  } catch (error) {
    // Help and --version end parsing with exit code 0; commander has printed its own errors.
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? EXIT_CODES.OK : EXIT_CODES.USAGE;
    }
    const failure = toCliError(error);
    process.stderr.write(`adsgraph: ${failure.message}\n`);
    if (program.opts().debug === true || env.debug) process.stderr.write(`${stacks(failure)}\n`);
    return failure.exitCode;
  }
}

// `adsgraph query … | head`: once the reader is gone there is nobody left to tell anything.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
  process.exit(process.exitCode ?? EXIT_CODES.OK);
});

// The exit code is set, not forced: stdout and stderr are flushed before the process ends.
process.exitCode = await main(process.argv);
