import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(import.meta.dirname, "..", "src");

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry): Promise<string[]> => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
      return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
    }),
  );
  return nested.flat();
}

/** The argument text of the call whose `(` is at `open`, by matching parentheses. */
function argumentsAt(text: string, open: number): string {
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    if (text[index] === "(") depth += 1;
    if (text[index] === ")") depth -= 1;
    if (depth === 0) return text.slice(open + 1, index);
  }
  return text.slice(open + 1);
}

describe("interactive transactions (issue 12: start-up under load)", () => {
  it("all pass limits of minutes (db/transactions.ts), never Prisma's 5 s default", async () => {
    const calls: string[] = [];
    for (const file of await sourceFiles(SRC)) {
      const text = await readFile(file, "utf8");
      for (
        let at = text.indexOf(".$transaction(");
        at !== -1;
        at = text.indexOf(".$transaction(", at + 1)
      ) {
        const args = argumentsAt(text, at + ".$transaction".length);
        const lines = text.slice(0, at).split("\n");
        if (/^\s*(\*|\/\/|\/\*)/.test(lines.at(-1) ?? "")) continue; // a comment
        const line = lines.length;
        calls.push(
          `${path.relative(SRC, file)}:${line} ${/_TRANSACTION\s*,?\s*$/.test(args) ? "ok" : "default limits"}`,
        );
      }
    }
    expect(calls.length).toBeGreaterThanOrEqual(6);
    expect(calls.filter((call) => !call.endsWith(" ok"))).toEqual([]);
  });
});
