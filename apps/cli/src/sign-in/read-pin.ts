import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { CLI_ERROR_CODES, CliError } from "../errors.js";

/**
 * The PIN the authorize page showed, read as one line: typed at a prompt on a terminal, or the
 * first line of whatever is piped in (scripts, tests). Ctrl-C at the prompt interrupts.
 */
export function readPin(input: Readable & { isTTY?: boolean }, prompt: Writable): Promise<string> {
  const interactive = input.isTTY === true;
  const lines = createInterface({
    input,
    ...(interactive && { output: prompt, terminal: true }),
  });
  const done = () => {
    lines.close();
    // Nothing else reads standard input: an open pipe must not keep the process alive.
    input.pause();
    (input as { unref?: () => void }).unref?.();
  };
  return new Promise<string>((resolve, reject) => {
    let answered = false;
    lines.once("line", (line) => {
      answered = true;
      done();
      const pin = line.trim();
      if (!/^\S+$/.test(pin)) {
        reject(
          new CliError(CLI_ERROR_CODES.USAGE, "no PIN entered (type the code the page shows)"),
        );
      } else {
        resolve(pin);
      }
    });
    // Without a listener readline only pauses on Ctrl-C, and the prompt would hang.
    lines.once("SIGINT", () => {
      answered = true;
      done();
      reject(new CliError(CLI_ERROR_CODES.INTERRUPTED, "sign-in interrupted"));
    });
    lines.once("close", () => {
      if (!answered) {
        reject(
          new CliError(CLI_ERROR_CODES.USAGE, "no PIN given (standard input ended before a line)"),
        );
      }
    });
    if (interactive) lines.setPrompt("PIN: ");
    if (interactive) lines.prompt();
  });
}
